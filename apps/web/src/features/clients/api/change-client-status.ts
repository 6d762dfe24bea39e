import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateReferenceData } from '@/lib/reference-data/reference-keys';

export function changeClientStatus({ id, isActive }: { id: number; isActive: boolean }) {
  return api.patch(`/document/clients/${id}/${isActive ? 'activate' : 'deactivate'}`);
}

/** The screen reloads the list itself, after choosing the page to show (spec 02 section 4). */
export function useChangeClientStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeClientStatus,
    // The client pickers show whether each client is active.
    onSuccess: () => void invalidateReferenceData(queryClient, 'clients'),
  });
}
