import { catalogServiceDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { homeKeys } from './home-keys';

const servicesSchema = z.array(catalogServiceDtoSchema);

/** Every active service, with icons: what staff see on the home screen. */
export function getAllServices(signal?: AbortSignal) {
  return api.get('/document/services/all', { query: { includeIcons: true }, schema: servicesSchema, signal });
}

/** The active services of one client: what a client user sees for their current client. */
export function getClientServices(clientId: number, signal?: AbortSignal) {
  return api.get(`/document/clients/${clientId}/services`, {
    query: { includeIcons: true },
    schema: servicesSchema,
    signal,
  });
}

/** Spec 01 section 2.10: a client user's current client's services, or every service for staff. */
export function homeServicesQueryOptions(clientId: number | null) {
  return queryOptions({
    queryKey: clientId === null ? homeKeys.allServices() : homeKeys.clientServices(clientId),
    queryFn: ({ signal }) => (clientId === null ? getAllServices(signal) : getClientServices(clientId, signal)),
    staleTime: 5 * 60_000,
  });
}

export function useHomeServices(clientId: number | null) {
  return useQuery(homeServicesQueryOptions(clientId));
}
