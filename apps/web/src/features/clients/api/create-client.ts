import { createdClientDtoSchema, type CreateClientInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateReferenceData } from '@/lib/reference-data/reference-keys';
import { clientKeys } from './client-keys';

export function createClient(input: CreateClientInput) {
  return api.post('/document/clients', { body: input, schema: createdClientDtoSchema });
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    // The new client is one more choice in every client picker.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.all }),
        invalidateReferenceData(queryClient, 'clients'),
      ]),
  });
}
