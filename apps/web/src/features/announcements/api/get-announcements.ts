import { announcementListSchema } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { announcementKeys, type AnnouncementsListQuery } from './announcement-keys';

export function getAnnouncements(query: AnnouncementsListQuery, signal?: AbortSignal) {
  return api.get('/document/announcements', { query, schema: announcementListSchema, signal });
}

export function announcementsQueryOptions(query: AnnouncementsListQuery) {
  return queryOptions({
    queryKey: announcementKeys.list(query),
    queryFn: ({ signal }) => getAnnouncements(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAnnouncements(query: AnnouncementsListQuery) {
  return useQuery(announcementsQueryOptions(query));
}
