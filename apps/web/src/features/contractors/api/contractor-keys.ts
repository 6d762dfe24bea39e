import type { ContractorType, ListContractorsQuery } from '@ledgerport/shared';

export type ContractorsListQuery = Partial<ListContractorsQuery>;
/** The list's filters and sort without paging: the export takes these. */
export type ContractorsFilterQuery = Omit<ContractorsListQuery, 'limit' | 'offset'>;

export const contractorKeys = {
  all: ['contractors'] as const,
  lists: () => [...contractorKeys.all, 'list'] as const,
  list: (query: ContractorsListQuery) => [...contractorKeys.lists(), query] as const,
  detail: (contractorType: ContractorType, id: number) =>
    [...contractorKeys.all, 'detail', contractorType, id] as const,
  clients: (text: string) => [...contractorKeys.all, 'clients', text] as const,
};
