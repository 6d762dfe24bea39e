import type { ListAcknowledgementsQuery, ListAnnouncementsQuery } from '@ledgerport/shared';

export type AnnouncementsListQuery = Pick<ListAnnouncementsQuery, 'limit' | 'offset'>;

export const announcementKeys = {
  all: ['announcements'] as const,
  lists: () => [...announcementKeys.all, 'list'] as const,
  list: (query: AnnouncementsListQuery) => [...announcementKeys.lists(), query] as const,
  details: (id: number) => [...announcementKeys.all, 'details', id] as const,
  acknowledgements: (id: number, query: ListAcknowledgementsQuery) =>
    [...announcementKeys.all, 'acknowledgements', id, query] as const,
  unconfirmed: () => [...announcementKeys.all, 'unconfirmed'] as const,
};
