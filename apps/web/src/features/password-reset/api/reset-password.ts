import type { ResetPasswordInput } from '@ledgerport/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Spends the link and ends every session of the user. */
export function resetPassword(input: ResetPasswordInput) {
  return api.post('/identity/account/reset-password', { body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
