import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function deleteClient(id: number) {
  return api.delete(`/document/clients/${id}`);
}

/** The screen reloads the list itself, after choosing the page to show (spec 02 section 4). */
export function useDeleteClient() {
  return useMutation({ mutationFn: deleteClient });
}
