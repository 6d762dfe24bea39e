import type { BookkeepingFilters, ListBookkeepingQuery } from '@ledgerport/shared';

export type BookkeepingListQuery = Partial<ListBookkeepingQuery>;
export type BookkeepingCompletionQuery = Partial<BookkeepingFilters>;

export const bookkeepingKeys = {
  all: ['bookkeeping'] as const,
  lists: () => [...bookkeepingKeys.all, 'list'] as const,
  list: (query: BookkeepingListQuery) => [...bookkeepingKeys.lists(), query] as const,
  completions: () => [...bookkeepingKeys.all, 'completion'] as const,
  completion: (query: BookkeepingCompletionQuery) => [...bookkeepingKeys.completions(), query] as const,
  save: () => [...bookkeepingKeys.all, 'save'] as const,
  years: () => [...bookkeepingKeys.all, 'year'] as const,
  year: (query: { year: number; clientId?: number }) => [...bookkeepingKeys.years(), query] as const,
};
