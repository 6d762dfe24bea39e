import { requestDetailsSchema, type UpdateRequestInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterRequestChanged } from './get-request';

/** `version` is the one the form loaded: a save over a newer one is refused (412) instead of overwriting it. */
export function updateRequest({ id, input, version }: { id: number; input: UpdateRequestInput; version?: string }) {
  return api.put(`/document/requests/${id}`, { body: input, schema: requestDetailsSchema, ifMatch: version });
}

export function useUpdateRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateRequest, onSuccess: (details) => afterRequestChanged(queryClient, details) });
}
