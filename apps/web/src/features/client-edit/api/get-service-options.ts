import { catalogServiceDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { clientEditKeys } from './client-edit-keys';

/** `GET document/services/all`: the services checkbox group (no icons needed here). */
export function getServiceOptions(signal?: AbortSignal) {
  return api.get('/document/services/all', { schema: z.array(catalogServiceDtoSchema), signal });
}

export function useServiceOptions() {
  return useQuery(
    queryOptions({
      queryKey: clientEditKeys.options('services'),
      queryFn: ({ signal }) => getServiceOptions(signal),
      staleTime: 60_000,
    }),
  );
}
