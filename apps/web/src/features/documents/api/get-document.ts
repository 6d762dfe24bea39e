import { documentDetailsDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { documentKeys } from './document-keys';

export function getDocument(id: number, signal?: AbortSignal) {
  return api.get(`/document/documents/${id}`, { schema: documentDetailsDtoSchema, signal });
}

export function documentQueryOptions(id: number) {
  return queryOptions({
    queryKey: documentKeys.details(id),
    queryFn: ({ signal }) => getDocument(id, signal),
    // 404 is an answer (missing or outside the caller's scope), not a hiccup worth retrying.
    retry: (failures, error) => !isApiError(error, 404) && failures < 2,
  });
}

export function useDocument(id: number | null) {
  return useQuery({ ...documentQueryOptions(id ?? 0), enabled: id !== null });
}
