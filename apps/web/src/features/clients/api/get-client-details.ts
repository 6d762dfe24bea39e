import { clientDetailsPanelDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clientKeys } from './client-keys';

export function getClientDetails(id: number, signal?: AbortSignal) {
  return api.get(`/document/clients/${id}/details`, { schema: clientDetailsPanelDtoSchema, signal });
}

export function clientDetailsQueryOptions(id: number) {
  return queryOptions({ queryKey: clientKeys.details(id), queryFn: ({ signal }) => getClientDetails(id, signal) });
}

export function useClientDetails(id: number | null) {
  return useQuery({ ...clientDetailsQueryOptions(id ?? 0), enabled: id !== null });
}
