import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** An administrator's reset of a lost second factor: the user signs in with the password alone. */
export function resetUserTwoFactor(id: number) {
  return api.delete(`/identity/users/${id}/two-factor`);
}

export function useResetUserTwoFactor() {
  return useMutation({ mutationFn: resetUserTwoFactor });
}
