import { pagedServicesSchema } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { serviceKeys, type ServicesListQuery } from './service-keys';

export function getServices(query: ServicesListQuery, signal?: AbortSignal) {
  return api.get('/document/services', { query, schema: pagedServicesSchema, signal });
}

export function servicesQueryOptions(query: ServicesListQuery) {
  return queryOptions({
    queryKey: serviceKeys.list(query),
    queryFn: ({ signal }) => getServices(query, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useServices(query: ServicesListQuery) {
  return useQuery(servicesQueryOptions(query));
}
