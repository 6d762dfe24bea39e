import type { AnnouncementList } from '@ledgerport/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
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

/** The version of an announcement as the loaded list shows it (for a target that does not carry its own). */
export function listedAnnouncementVersion(queryClient: QueryClient, id: number): string | undefined {
  for (const [, page] of queryClient.getQueriesData<AnnouncementList>({ queryKey: announcementKeys.lists() })) {
    const row = page?.items.find((item) => item.id === id);
    if (row) return row.version;
  }
  return undefined;
}
