import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { DocumentListKind } from '../lib/document-kind';

/** All or nothing: one id outside the caller's scope makes the whole request 404. */
export function deleteDocuments(kind: DocumentListKind, ids: readonly number[]) {
  return api.delete(`/document/documents/${kind}`, { query: { ids } });
}

/** The screen refreshes its list itself, after choosing the page to land on. */
export function useDeleteDocuments() {
  return useMutation({
    mutationFn: ({ kind, ids }: { kind: DocumentListKind; ids: readonly number[] }) => deleteDocuments(kind, ids),
  });
}
