import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterRequestChanged } from './get-request';
import { requestKeys } from './request-keys';

/**
 * `DELETE /document/requests/:id` cancels: the request stays, as cancelled, with what the client
 * sent. It answers 204, so the request's details are read again.
 */
export function cancelRequest({ id, version }: { id: number; version?: string }) {
  return api.delete(`/document/requests/${id}`, { ifMatch: version });
}

export function useCancelRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRequest,
    onSuccess: (_result, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: requestKeys.details(id) }),
        afterRequestChanged(queryClient, null),
      ]),
  });
}
