import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateReferenceData } from '@/lib/reference-data/reference-keys';

/** Activation and deactivation; the screen reloads the list itself (it may first go back a page). */
/** `version` is the list row's: sent as If-Match, so a user changed since the list loaded answers 412. */
export function changeUserStatus({ id, isActive, version }: { id: number; isActive: boolean; version?: string }) {
  return api.patch(`/identity/users/${id}/${isActive ? 'activate' : 'deactivate'}`, { ifMatch: version });
}

export function useChangeUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserStatus,
    // Only active advisors are offered in the advisors pickers.
    onSuccess: () => void invalidateReferenceData(queryClient, 'advisors'),
  });
}
