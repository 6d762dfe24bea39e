import { collaboratorClientItemSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { accountKeys } from './account-keys';

const collaboratorClientsSchema = z.array(collaboratorClientItemSchema);

/** The clients the signed-in client user collaborates on (Accounts, collaborator tab). */
export function getCollaboratorClients(signal?: AbortSignal) {
  return api.get('/document/users/me/clients/collaborator', { schema: collaboratorClientsSchema, signal });
}

export function collaboratorClientsQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.collaborator(),
    queryFn: ({ signal }) => getCollaboratorClients(signal),
  });
}

export function useCollaboratorClients({ enabled }: { enabled: boolean }) {
  return useQuery({ ...collaboratorClientsQueryOptions(), enabled });
}
