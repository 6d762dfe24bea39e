import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateReferenceData } from '@/lib/reference-data/reference-keys';

/** `version` is the list row's: sent as If-Match, so a client changed since the list loaded answers 412. */
export function changeClientStatus({ id, isActive, version }: { id: number; isActive: boolean; version?: string }) {
  return api.patch(`/document/clients/${id}/${isActive ? 'activate' : 'deactivate'}`, { ifMatch: version });
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
