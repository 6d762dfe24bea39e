import type { EditDocumentInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { DocumentListKind } from '../lib/document-kind';
import { documentKeys } from './document-keys';

export function updateDocument(kind: DocumentListKind, id: number, input: EditDocumentInput) {
  return api.put(`/document/documents/${kind}/${id}`, { body: input });
}

export function useUpdateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, input }: { kind: DocumentListKind; id: number; input: EditDocumentInput }) =>
      updateDocument(kind, id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}
