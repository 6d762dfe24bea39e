import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { announcementKeys } from './announcement-keys';

export function changeAnnouncementStatus({ id, isActive }: { id: number; isActive: boolean }) {
  return api.patch(`/document/announcements/${id}/${isActive ? 'activate' : 'deactivate'}`);
}

/** The list reloads afterwards (spec 02 section 4), and so does an open details view. */
export function useChangeAnnouncementStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAnnouncementStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
