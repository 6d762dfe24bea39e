import { dropdownOptionSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { bookkeepingKeys } from './bookkeeping-keys';

const optionsSchema = z
  .array(dropdownOptionSchema)
  .transform((items) => items.map((item) => ({ value: item.value, label: item.displayText })));

export function getAdvisorOptions(signal?: AbortSignal) {
  return api.get('/identity/users/advisors/all', { schema: optionsSchema, signal });
}

export function advisorOptionsQueryOptions() {
  return queryOptions({
    queryKey: bookkeepingKeys.advisorOptions(),
    queryFn: ({ signal }) => getAdvisorOptions(signal),
    staleTime: 60_000,
  });
}

export function useAdvisorOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...advisorOptionsQueryOptions(), enabled });
}
