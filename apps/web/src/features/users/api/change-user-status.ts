import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Activation and deactivation; the screen reloads the list itself (it may first go back a page). */
export function changeUserStatus({ id, isActive }: { id: number; isActive: boolean }) {
  return api.patch(`/identity/users/${id}/${isActive ? 'activate' : 'deactivate'}`);
}

export function useChangeUserStatus() {
  return useMutation({ mutationFn: changeUserStatus });
}
