import { dropdownOptionSchema, type DropdownOption } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { REFERENCE_STALE_TIME, referenceKeys } from './reference-keys';

/** Active advisors, as dropdown options. */
export function getAdvisors(signal?: AbortSignal) {
  return api.get('/identity/users/advisors/all', { schema: z.array(dropdownOptionSchema), signal });
}

export function advisorsQueryOptions() {
  return queryOptions({
    queryKey: referenceKeys.advisors(),
    queryFn: ({ signal }) => getAdvisors(signal),
    staleTime: REFERENCE_STALE_TIME.advisors,
  });
}

export function useAdvisors<T = DropdownOption[]>({
  enabled = true,
  select,
}: { enabled?: boolean; select?: (options: DropdownOption[]) => T } = {}) {
  return useQuery({ ...advisorsQueryOptions(), enabled, select });
}
