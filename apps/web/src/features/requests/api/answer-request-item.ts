import { requestDetailsSchema, type AnswerItemInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterRequestChanged } from './get-request';

export function answerRequestItem({ id, itemId, input }: { id: number; itemId: number; input: AnswerItemInput }) {
  return api.put(`/document/requests/${id}/items/${itemId}/answer`, { body: input, schema: requestDetailsSchema });
}

export function useAnswerRequestItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerRequestItem,
    onSuccess: (details) => afterRequestChanged(queryClient, details),
  });
}
