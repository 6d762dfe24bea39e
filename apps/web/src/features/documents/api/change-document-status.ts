import type { ChangeDocumentStatusInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentKeys } from './document-keys';

export function changeDocumentStatus(input: ChangeDocumentStatusInput) {
  return api.patch('/document/documents/received/status', { body: input });
}

export function useChangeDocumentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeDocumentStatus,
    // The comment, when given, lands on every document: the counts and comment lists change too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}
