import { announcementDetailsSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { announcementKeys } from './announcement-keys';

export function getAnnouncementDetails(id: number, signal?: AbortSignal) {
  return api.get(`/document/announcements/${id}`, { schema: announcementDetailsSchema, signal });
}

export function announcementDetailsQueryOptions(id: number) {
  return queryOptions({
    queryKey: announcementKeys.details(id),
    queryFn: ({ signal }) => getAnnouncementDetails(id, signal),
  });
}

export function useAnnouncementDetails(id: number | null) {
  return useQuery({ ...announcementDetailsQueryOptions(id ?? 0), enabled: id !== null });
}
