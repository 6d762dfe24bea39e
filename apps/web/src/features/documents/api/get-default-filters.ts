import { documentDefaultFiltersDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentKeys } from './document-keys';

/** An employee's lists start filtered by their department's lowest-id service (spec 02, Received Documents). */
export function getDocumentDefaultFilters(signal?: AbortSignal) {
  return api.get('/document/documents/default-filters', { schema: documentDefaultFiltersDtoSchema, signal });
}

export function documentDefaultFiltersQueryOptions() {
  return queryOptions({
    queryKey: documentKeys.defaultFilters(),
    queryFn: ({ signal }) => getDocumentDefaultFilters(signal),
    staleTime: Infinity,
  });
}

export function useDocumentDefaultFilters({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...documentDefaultFiltersQueryOptions(), enabled });
}
