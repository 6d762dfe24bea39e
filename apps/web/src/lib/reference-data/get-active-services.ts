import { catalogServiceDtoSchema, type CatalogServiceDto } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { REFERENCE_STALE_TIME, referenceKeys, type ServicesScope } from './reference-keys';

const servicesSchema = z.array(catalogServiceDtoSchema);

/** Every active service (`clientId` null) or one client's active services. */
export function getActiveServices({ clientId, icons = false }: ServicesScope, signal?: AbortSignal) {
  return api.get(clientId === null ? '/document/services/all' : `/document/clients/${clientId}/services`, {
    query: icons ? { includeIcons: true } : undefined,
    schema: servicesSchema,
    signal,
  });
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
