import { documentListSchema } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { DocumentListKind } from '../lib/document-kind';
import { documentKeys, type DocumentsListQuery } from './document-keys';

export function getDocuments(kind: DocumentListKind, query: DocumentsListQuery, signal?: AbortSignal) {
  return api.get(`/document/documents/${kind}`, { query, schema: documentListSchema, signal });
}

export function documentsQueryOptions(kind: DocumentListKind, query: DocumentsListQuery) {
  return queryOptions({
    queryKey: documentKeys.list(kind, query),
    queryFn: ({ signal }) => getDocuments(kind, query, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useDocuments(
  kind: DocumentListKind,
  query: DocumentsListQuery,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...documentsQueryOptions(kind, query), enabled });
}
