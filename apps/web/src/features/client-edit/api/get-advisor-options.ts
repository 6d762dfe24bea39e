import { dropdownOptionSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { clientEditKeys } from './client-edit-keys';

/** `GET identity/users/advisors/all`: active advisors. */
export function getAdvisorOptions(signal?: AbortSignal) {
  return api.get('/identity/users/advisors/all', { schema: z.array(dropdownOptionSchema), signal });
}

export function useAdvisorOptions() {
  return useQuery(
    queryOptions({
      queryKey: clientEditKeys.options('advisors'),
      queryFn: ({ signal }) => getAdvisorOptions(signal),
      staleTime: 60_000,
    }),
  );
}
