import { requestDetailsSchema } from '@ledgerport/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { requestKeys, toDoKeys } from './request-keys';

export function getRequest(id: number, signal?: AbortSignal) {
  return api.get(`/document/requests/${id}`, { schema: requestDetailsSchema, signal });
}

export function requestQueryOptions(id: number) {
  return queryOptions({ queryKey: requestKeys.details(id), queryFn: ({ signal }) => getRequest(id, signal) });
}

export function useRequest(id: number | null) {
  return useQuery({ ...requestQueryOptions(id ?? 0), enabled: id !== null });
}

/**
 * After any change to a request: every state change answers the request's details, which go straight
 * into the cache; the lists and the To do are fetched again (progress, status and what is waiting).
 */
export async function afterRequestChanged(queryClient: QueryClient, details: { id: number } | null) {
  if (details) queryClient.setQueryData(requestKeys.details(details.id), details);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: requestKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: toDoKeys.all }),
  ]);
}
