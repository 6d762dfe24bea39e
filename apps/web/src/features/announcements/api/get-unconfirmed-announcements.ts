import { unconfirmedAnnouncementSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { announcementKeys } from './announcement-keys';

const unconfirmedListSchema = z.array(unconfirmedAnnouncementSchema);

export function getUnconfirmedAnnouncements(signal?: AbortSignal) {
  return api.get('/document/announcements/unconfirmed', { schema: unconfirmedListSchema, signal });
}

export function unconfirmedAnnouncementsQueryOptions() {
  return queryOptions({
    queryKey: announcementKeys.unconfirmed(),
    queryFn: ({ signal }) => getUnconfirmedAnnouncements(signal),
    // Read once per sign-in: the step walks through this list, it must not change under the user.
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}

export function useUnconfirmedAnnouncements({ enabled }: { enabled: boolean }) {
  return useQuery({ ...unconfirmedAnnouncementsQueryOptions(), enabled });
}
