import { documentCountsDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DOCUMENT_COUNTS_PATH, homeKeys } from './home-keys';

/** How many documents each list holds for the caller (the Home cards). */
export function getDocumentCounts(signal?: AbortSignal) {
  return api.get(DOCUMENT_COUNTS_PATH, { schema: documentCountsDtoSchema, signal });
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
