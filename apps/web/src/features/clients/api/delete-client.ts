import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateReferenceData } from '@/lib/reference-data/reference-keys';

/** `version` is the list row's: sent as If-Match, so a client changed since the list loaded answers 412. */
export function deleteClient({ id, version }: { id: number; version?: string }) {
  return api.delete(`/document/clients/${id}`, { ifMatch: version });
}

/** The screen reloads the list itself, after choosing the page to show (spec 02 section 4). */
export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    // A deleted client leaves every client picker.
    onSuccess: () => void invalidateReferenceData(queryClient, 'clients'),
  });
}
