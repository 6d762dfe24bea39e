import { catalogServiceDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { documentKeys } from './document-keys';

const servicesSchema = z.array(catalogServiceDtoSchema);

/** A client's active services, or (null) every active service. */
export function getServiceOptions(clientId: number | null, signal?: AbortSignal) {
  return api.get(clientId === null ? '/document/services/all' : `/document/clients/${clientId}/services`, {
    schema: servicesSchema,
    signal,
  });
}

export function serviceOptionsQueryOptions(clientId: number | null) {
  return queryOptions({
    queryKey: documentKeys.services(clientId),
    queryFn: ({ signal }) => getServiceOptions(clientId, signal),
    staleTime: 5 * 60_000,
  });
}

export function useServiceOptions(clientId: number | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...serviceOptionsQueryOptions(clientId), enabled });
}
