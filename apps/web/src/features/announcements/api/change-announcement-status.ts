import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { announcementKeys } from './announcement-keys';

/** `version` is the one the list loaded: a change over a newer one is refused (412) and changes nothing. */
export function changeAnnouncementStatus({
  id,
  isActive,
  version,
}: {
  id: number;
  isActive: boolean;
  version?: string;
}) {
  return api.patch(`/document/announcements/${id}/${isActive ? 'activate' : 'deactivate'}`, { ifMatch: version });
}

/**
 * The list reloads afterwards (spec 02 section 4), and so does an open details view; after a refusal
 * too (someone else changed it meanwhile), so the person sees its current state.
 */
export function useChangeAnnouncementStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAnnouncementStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
