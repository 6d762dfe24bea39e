import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function deleteContractor(id: number) {
  return api.delete(`/document/contractors/${id}`);
}

/** The screen reloads the list itself, after choosing the page to show. */
export function useDeleteContractor() {
  return useMutation({ mutationFn: deleteContractor });
}
