import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentKeys } from './document-keys';

export function addDocumentComment(id: number, commentText: string) {
  return api.post(`/document/documents/${id}/comments`, { body: { documentId: id, commentText } });
}

export function useAddDocumentComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, commentText }: { id: number; commentText: string }) => addDocumentComment(id, commentText),
    // The lists carry each document's comment count.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}
