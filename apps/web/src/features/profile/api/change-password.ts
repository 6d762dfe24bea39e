import type { ChangePasswordInput } from '@ledgerport/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The server keeps this session and ends the user's others. */
export function changePassword(input: ChangePasswordInput) {
  return api.patch('/identity/users/me/password', { body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
