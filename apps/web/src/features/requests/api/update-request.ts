import { requestDetailsSchema, type UpdateRequestInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterRequestChanged } from './get-request';

export function updateRequest({ id, input }: { id: number; input: UpdateRequestInput }) {
  return api.put(`/document/requests/${id}`, { body: input, schema: requestDetailsSchema });
}

export function useUpdateRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateRequest, onSuccess: (details) => afterRequestChanged(queryClient, details) });
}
