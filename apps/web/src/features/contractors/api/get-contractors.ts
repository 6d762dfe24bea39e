import { contractorListDtoSchema } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contractorKeys, type ContractorsListQuery } from './contractor-keys';

export function getContractors(query: ContractorsListQuery, signal?: AbortSignal) {
  return api.get('/document/contractors', { query, schema: contractorListDtoSchema, signal });
}

export function contractorsQueryOptions(query: ContractorsListQuery) {
  return queryOptions({
    queryKey: contractorKeys.list(query),
    queryFn: ({ signal }) => getContractors(query, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useContractors(query: ContractorsListQuery) {
  return useQuery(contractorsQueryOptions(query));
}
