import { requestDetailsSchema, type ReturnItemInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterRequestChanged } from './get-request';

interface ItemRef {
  requestId: number;
  itemId: number;
}

export function acceptRequestItem({ requestId, itemId }: ItemRef) {
  return api.put(`/document/requests/${requestId}/items/${itemId}/accept`, { schema: requestDetailsSchema });
}

export function returnRequestItem({ requestId, itemId, input }: ItemRef & { input: ReturnItemInput }) {
  return api.put(`/document/requests/${requestId}/items/${itemId}/return`, {
    body: input,
    schema: requestDetailsSchema,
  });
}

export function useAcceptRequestItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptRequestItem,
    onSuccess: (details) => afterRequestChanged(queryClient, details),
  });
}

export function useReturnRequestItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: returnRequestItem,
    onSuccess: (details) => afterRequestChanged(queryClient, details),
  });
}
