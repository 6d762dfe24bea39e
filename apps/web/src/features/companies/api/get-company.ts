import { companyDetailsSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { companyKeys } from './company-keys';

export function getCompany(id: number, signal?: AbortSignal) {
  return api.get(`/company/companies/${id}`, { schema: companyDetailsSchema, signal });
}

export function companyQueryOptions(id: number) {
  return queryOptions({
    queryKey: companyKeys.detail(id),
    queryFn: ({ signal }) => getCompany(id, signal),
    // An unknown company stays unknown: no point asking again.
    retry: (failureCount, error) => !isApiError(error, 404) && failureCount < 2,
  });
}

/** `null` for an id that cannot be a company (the page shows not-found without asking). */
export function useCompany(id: number | null) {
  return useQuery({ ...companyQueryOptions(id ?? 0), enabled: id !== null });
}
