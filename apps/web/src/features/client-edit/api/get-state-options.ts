import { dropdownOptionSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { clientEditKeys } from './client-edit-keys';

/** `GET company/states/all`: the state dropdown. */
export function getStateOptions(signal?: AbortSignal) {
  return api.get('/company/states/all', { schema: z.array(dropdownOptionSchema), signal });
}

export function useStateOptions() {
  return useQuery(
    queryOptions({
      queryKey: clientEditKeys.options('states'),
      queryFn: ({ signal }) => getStateOptions(signal),
      staleTime: Infinity,
    }),
  );
}
