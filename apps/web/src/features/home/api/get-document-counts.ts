import { documentCountsDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { homeKeys } from './home-keys';

/** How many documents each list holds for the caller (the Home cards). */
export function getDocumentCounts(signal?: AbortSignal) {
  return api.get('/document/documents/counts', { schema: documentCountsDtoSchema, signal });
}

export function documentCountsQueryOptions() {
  return queryOptions({
    queryKey: homeKeys.documentCounts(),
    queryFn: ({ signal }) => getDocumentCounts(signal),
  });
}

export function useDocumentCounts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...documentCountsQueryOptions(), enabled });
}
