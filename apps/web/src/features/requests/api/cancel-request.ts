import { requestDetailsSchema } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterRequestChanged } from './get-request';

/** `DELETE /document/requests/:id` cancels: the request stays, as cancelled, with what the client sent. */
export function cancelRequest(id: number) {
  return api.delete(`/document/requests/${id}`, { schema: requestDetailsSchema });
}

export function useCancelRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelRequest, onSuccess: (details) => afterRequestChanged(queryClient, details) });
}
