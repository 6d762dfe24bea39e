import { documentShareDtoSchema } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentKeys } from './document-keys';

export function shareDocument(id: number, recipientEmailAddress: string) {
  return api.post(`/document/documents/${id}/share`, {
    body: { recipientEmailAddress },
    schema: documentShareDtoSchema,
  });
}

export function useShareDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, recipientEmailAddress }: { id: number; recipientEmailAddress: string }) =>
      shareDocument(id, recipientEmailAddress),
    onSuccess: (_share, { id }) => queryClient.invalidateQueries({ queryKey: documentKeys.shares(id) }),
  });
}
