import { dropdownOptionSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

const optionsSchema = z.array(dropdownOptionSchema);

/** Active advisors as dropdown options. */
export function getAdvisorOptions(signal?: AbortSignal) {
  return api.get('/identity/users/advisors/all', { schema: optionsSchema, signal });
}

export function advisorOptionsQueryOptions() {
  return queryOptions({
    queryKey: userKeys.options('advisors'),
    queryFn: ({ signal }) => getAdvisorOptions(signal),
    staleTime: 60_000,
  });
}

export function useAdvisorOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...advisorOptionsQueryOptions(), enabled });
}
