import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { DocumentListKind } from '../lib/document-kind';

/**
 * All or nothing: one id outside the caller's scope makes the whole request 404; with `versions` (one
 * per id, as the list showed them) one changed since makes it 412.
 */
export function deleteDocuments(kind: DocumentListKind, ids: readonly number[], versions?: readonly string[]) {
  return api.delete(`/document/documents/${kind}`, { query: versions ? { ids, versions } : { ids } });
}

/** The screen refreshes its list itself, after choosing the page to land on. */
export function useDeleteDocuments() {
  return useMutation({
    mutationFn: ({
      kind,
      ids,
      versions,
    }: {
      kind: DocumentListKind;
      ids: readonly number[];
      versions?: readonly string[];
    }) => deleteDocuments(kind, ids, versions),
  });
}
