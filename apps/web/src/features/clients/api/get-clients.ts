import { pagedClientsSchema } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clientKeys, type ClientsListQuery } from './client-keys';

export function getClients(query: ClientsListQuery, signal?: AbortSignal) {
  return api.get('/document/clients', { query, schema: pagedClientsSchema, signal });
}

export function clientsQueryOptions(query: ClientsListQuery) {
  return queryOptions({
    queryKey: clientKeys.list(query),
    queryFn: ({ signal }) => getClients(query, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useClients(query: ClientsListQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...clientsQueryOptions(query), enabled });
}
