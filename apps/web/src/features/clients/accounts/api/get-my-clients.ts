import { myClientDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { accountKeys } from './account-keys';

const myClientsSchema = z.array(myClientDtoSchema);

/** The accounts (clients) a client user may act for; staff get 403 here. */
export function getMyClients(signal?: AbortSignal) {
  return api.get('/document/users/me/clients', { schema: myClientsSchema, signal });
}

export function myClientsQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.mine(),
    queryFn: ({ signal }) => getMyClients(signal),
  });
}

export function useMyClients({ enabled }: { enabled: boolean }) {
  return useQuery({ ...myClientsQueryOptions(), enabled });
}
