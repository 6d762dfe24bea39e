import { serviceDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { serviceKeys } from './service-keys';

/** One service with its icon (the list leaves icons out). */
export function getService(id: number, signal?: AbortSignal) {
  return api.get(`/document/services/${id}`, { schema: serviceDtoSchema, signal });
}

export function serviceQueryOptions(id: number) {
  return queryOptions({
    queryKey: serviceKeys.detail(id),
    queryFn: ({ signal }) => getService(id, signal),
    // The edit form starts from what is stored now, not from a list row loaded minutes ago.
    staleTime: 0,
  });
}

export function useService(id: number | null) {
  return useQuery({ ...serviceQueryOptions(id ?? 0), enabled: id !== null });
}
