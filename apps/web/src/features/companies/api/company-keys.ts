import type { ListCompaniesQuery } from '@ledgerport/shared';

export type CompaniesListQuery = Partial<ListCompaniesQuery>;

export const companyKeys = {
  all: ['companies'] as const,
  lists: () => [...companyKeys.all, 'list'] as const,
  list: (query: CompaniesListQuery) => [...companyKeys.lists(), query] as const,
  detail: (id: number) => [...companyKeys.all, 'detail', id] as const,
};
