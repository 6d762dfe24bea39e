import { documentDetailsDtoSchema, type EditDocumentInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { DocumentListKind } from '../lib/document-kind';
import { documentKeys } from './document-keys';

/** `version` (the list row's or the GET's) is sent as If-Match: a stale one answers 412. */
export function updateDocument(kind: DocumentListKind, id: number, input: EditDocumentInput, version?: string) {
  return api.put(`/document/documents/${kind}/${id}`, {
    body: input,
    schema: documentDetailsDtoSchema,
    ifMatch: version,
  });
}

export function useUpdateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      kind,
      id,
      input,
      version,
    }: {
      kind: DocumentListKind;
      id: number;
      input: EditDocumentInput;
      version?: string;
    }) => updateDocument(kind, id, input, version),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}
