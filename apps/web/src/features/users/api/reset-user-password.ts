import type { ResetUserPasswordInput } from '@ledgerport/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function resetUserPassword({ id, input }: { id: number; input: ResetUserPasswordInput }) {
  return api.patch(`/identity/users/${id}/reset-password`, { body: input });
}

export function useResetUserPassword() {
  return useMutation({ mutationFn: resetUserPassword });
}
