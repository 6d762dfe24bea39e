import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateReferenceData } from '@/lib/reference-data/reference-keys';

/** Activation and deactivation; the screen reloads the list itself (it may first go back a page). */
export function changeUserStatus({ id, isActive }: { id: number; isActive: boolean }) {
  return api.patch(`/identity/users/${id}/${isActive ? 'activate' : 'deactivate'}`);
}

export function useChangeUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserStatus,
    // Only active advisors are offered in the advisors pickers.
    onSuccess: () => void invalidateReferenceData(queryClient, 'advisors'),
  });
}
