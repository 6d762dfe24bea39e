import { clientDefaultFiltersDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clientKeys } from './client-keys';

/** An employee's list starts filtered by their department's first service (spec 02, Clients list). */
export function getClientDefaultFilters(signal?: AbortSignal) {
  return api.get('/document/clients/default-filters', { schema: clientDefaultFiltersDtoSchema, signal });
}

export function clientDefaultFiltersQueryOptions() {
  return queryOptions({
    queryKey: clientKeys.defaultFilters(),
    queryFn: ({ signal }) => getClientDefaultFilters(signal),
    staleTime: Infinity,
  });
}

export function useClientDefaultFilters() {
  return useQuery(clientDefaultFiltersQueryOptions());
}
