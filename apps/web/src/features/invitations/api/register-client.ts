import { registerClientResultSchema, type RegisterClientInput } from '@ledgerport/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** 201 with the new user's id; failures come back as ApiError with a registration error code. */
export function postRegisterClient(input: RegisterClientInput) {
  return api.post('/identity/register/client', { body: input, schema: registerClientResultSchema });
}

export function useRegisterClient() {
  return useMutation({ mutationFn: postRegisterClient });
}
