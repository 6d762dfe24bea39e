import type { ListLeadsQuery } from '@ledgerport/shared';

export type LeadsListQuery = Partial<ListLeadsQuery>;
/** The list's filters and sort without paging: what the export takes. */
export type LeadsFilterQuery = Omit<LeadsListQuery, 'limit' | 'offset'>;

export const leadKeys = {
  all: ['leads'] as const,
  lists: () => [...leadKeys.all, 'list'] as const,
  list: (query: LeadsListQuery) => [...leadKeys.lists(), query] as const,
  statuses: () => [...leadKeys.all, 'statuses'] as const,
  details: (id: number) => [...leadKeys.all, 'details', id] as const,
};
