import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `version` is the one the list loaded: a delete after someone else's change is refused (412). */
export function deleteContractor({ id, version }: { id: number; version?: string }) {
  return api.delete(`/document/contractors/${id}`, { ifMatch: version });
}

/** The screen reloads the list itself, after choosing the page to show. */
export function useDeleteContractor() {
  return useMutation({ mutationFn: deleteContractor });
}
