import { requestDetailsSchema, type CreateRequestInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterRequestChanged } from './get-request';

export function createRequest(input: CreateRequestInput) {
  return api.post('/document/requests', { body: input, schema: requestDetailsSchema });
}

export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createRequest, onSuccess: (details) => afterRequestChanged(queryClient, details) });
}
