import { ownerClientItemSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { accountKeys } from './account-keys';

const ownerClientsSchema = z.array(ownerClientItemSchema);

/** The clients the signed-in client user owns (Accounts, owner tab). */
export function getOwnerClients(signal?: AbortSignal) {
  return api.get('/document/users/me/clients/owner', { schema: ownerClientsSchema, signal });
}

export function ownerClientsQueryOptions() {
  return queryOptions({ queryKey: accountKeys.owner(), queryFn: ({ signal }) => getOwnerClients(signal) });
}

export function useOwnerClients() {
  return useQuery(ownerClientsQueryOptions());
}
