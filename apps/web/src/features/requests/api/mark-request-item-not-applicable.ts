import { requestDetailsSchema, type NotApplicableInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterRequestChanged } from './get-request';

export function markRequestItemNotApplicable({
  id,
  itemId,
  input,
}: {
  id: number;
  itemId: number;
  input: NotApplicableInput;
}) {
  return api.put(`/document/requests/${id}/items/${itemId}/not-applicable`, {
    body: input,
    schema: requestDetailsSchema,
  });
}

export function useMarkRequestItemNotApplicable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRequestItemNotApplicable,
    onSuccess: (details) => afterRequestChanged(queryClient, details),
  });
}
