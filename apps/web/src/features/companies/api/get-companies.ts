import { pagedCompaniesSchema } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys, type CompaniesListQuery } from './company-keys';

export function getCompanies(query: CompaniesListQuery, signal?: AbortSignal) {
  return api.get('/company/companies', { query, schema: pagedCompaniesSchema, signal });
}

export function companiesQueryOptions(query: CompaniesListQuery) {
  return queryOptions({
    queryKey: companyKeys.list(query),
    queryFn: ({ signal }) => getCompanies(query, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useCompanies(query: CompaniesListQuery) {
  return useQuery(companiesQueryOptions(query));
}
