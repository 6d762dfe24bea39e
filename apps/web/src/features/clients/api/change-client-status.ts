import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function changeClientStatus({ id, isActive }: { id: number; isActive: boolean }) {
  return api.patch(`/document/clients/${id}/${isActive ? 'activate' : 'deactivate'}`);
}

/** The screen reloads the list itself, after choosing the page to show (spec 02 section 4). */
export function useChangeClientStatus() {
  return useMutation({ mutationFn: changeClientStatus });
}
