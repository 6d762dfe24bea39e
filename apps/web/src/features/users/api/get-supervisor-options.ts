import { dropdownOptionSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

const optionsSchema = z.array(dropdownOptionSchema);

/** Active supervisors as dropdown options. */
export function getSupervisorOptions(signal?: AbortSignal) {
  return api.get('/identity/users/supervisors/all', { schema: optionsSchema, signal });
}

export function supervisorOptionsQueryOptions() {
  return queryOptions({
    queryKey: userKeys.options('supervisors'),
    queryFn: ({ signal }) => getSupervisorOptions(signal),
    staleTime: 60_000,
  });
}

export function useSupervisorOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...supervisorOptionsQueryOptions(), enabled });
}
