import type { ListServicesQuery } from '@ledgerport/shared';

export type ServicesListQuery = Partial<ListServicesQuery>;

export const serviceKeys = {
  all: ['services'] as const,
  lists: () => [...serviceKeys.all, 'list'] as const,
  list: (query: ServicesListQuery) => [...serviceKeys.lists(), query] as const,
  detail: (id: number) => [...serviceKeys.all, 'detail', id] as const,
};
