import { myClientDetailsSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys } from './account-keys';

/** The details side panel of a client the caller owns or collaborates on. */
export function getMyClientDetails(clientId: number, signal?: AbortSignal) {
  return api.get(`/document/users/me/clients/${clientId}/details`, { schema: myClientDetailsSchema, signal });
}

export function myClientDetailsQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: accountKeys.details(clientId),
    queryFn: ({ signal }) => getMyClientDetails(clientId, signal),
  });
}

export function useMyClientDetails(clientId: number | null) {
  return useQuery({ ...myClientDetailsQueryOptions(clientId ?? 0), enabled: clientId !== null });
}
