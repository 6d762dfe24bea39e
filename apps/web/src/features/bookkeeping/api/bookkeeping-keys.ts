import type { ListBookkeepingQuery } from '@ledgerport/shared';

export type BookkeepingListQuery = Partial<ListBookkeepingQuery>;

export const bookkeepingKeys = {
  all: ['bookkeeping'] as const,
  lists: () => [...bookkeepingKeys.all, 'list'] as const,
  list: (query: BookkeepingListQuery) => [...bookkeepingKeys.lists(), query] as const,
  save: () => [...bookkeepingKeys.all, 'save'] as const,
};
