import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentKeys } from './document-keys';

export function revokeDocumentShare(id: number, shareId: number) {
  return api.delete(`/document/documents/${id}/shares/${shareId}`);
}

export function useRevokeDocumentShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, shareId }: { id: number; shareId: number }) => revokeDocumentShare(id, shareId),
    onSuccess: (_result, { id }) => queryClient.invalidateQueries({ queryKey: documentKeys.shares(id) }),
  });
}
