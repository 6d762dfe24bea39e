import { catalogServiceDtoSchema, type CatalogServiceDto } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { REFERENCE_STALE_TIME, activeServicesRequest, referenceKeys, type ServicesScope } from './reference-keys';

const servicesSchema = z.array(catalogServiceDtoSchema);

/** Every active service (`clientId` null) or one client's active services. */
export function getActiveServices(scope: ServicesScope, signal?: AbortSignal) {
  const { path, query } = activeServicesRequest(scope);
  return api.get(path, { query, schema: servicesSchema, signal });
}

export function activeServicesQueryOptions(scope: ServicesScope) {
  return queryOptions({
    queryKey: referenceKeys.services(scope),
    queryFn: ({ signal }) => getActiveServices(scope, signal),
    staleTime: REFERENCE_STALE_TIME.services,
  });
}

export function useActiveServices<T = CatalogServiceDto[]>(
  scope: ServicesScope,
  { enabled = true, select }: { enabled?: boolean; select?: (services: CatalogServiceDto[]) => T } = {},
) {
  return useQuery({ ...activeServicesQueryOptions(scope), enabled, select });
}
