import type { ListClientsQuery } from '@ledgerport/shared';

export type ClientsListQuery = Partial<ListClientsQuery>;
/** The list's filters and sort without paging: the export and the bulk e-mail take these. */
export type ClientsFilterQuery = Omit<ClientsListQuery, 'limit' | 'offset'>;

export const clientKeys = {
  all: ['clients'] as const,
  lists: () => [...clientKeys.all, 'list'] as const,
  list: (query: ClientsListQuery) => [...clientKeys.lists(), query] as const,
  details: (id: number) => [...clientKeys.all, 'details', id] as const,
  follow: (id: number) => [...clientKeys.all, 'follow', id] as const,
  defaultFilters: () => [...clientKeys.all, 'default-filters'] as const,
  clientUsers: (text: string) => [...clientKeys.all, 'client-users', text] as const,
};
