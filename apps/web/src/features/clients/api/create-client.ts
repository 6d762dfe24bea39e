import { createdClientDtoSchema, type CreateClientInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clientKeys } from './client-keys';

export function createClient(input: CreateClientInput) {
  return api.post('/document/clients', { body: input, schema: createdClientDtoSchema });
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}
