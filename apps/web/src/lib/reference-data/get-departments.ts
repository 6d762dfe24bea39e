import { dropdownOptionSchema, type DropdownOption } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { REFERENCE_STALE_TIME, referenceKeys } from './reference-keys';

/** The departments, as dropdown options. */
export function getDepartments(signal?: AbortSignal) {
  return api.get('/identity/departments/all', { schema: z.array(dropdownOptionSchema), signal });
}

export function departmentsQueryOptions() {
  return queryOptions({
    queryKey: referenceKeys.departments(),
    queryFn: ({ signal }) => getDepartments(signal),
    staleTime: REFERENCE_STALE_TIME.departments,
  });
}

export function useDepartments<T = DropdownOption[]>({
  enabled = true,
  select,
}: { enabled?: boolean; select?: (options: DropdownOption[]) => T } = {}) {
  return useQuery({ ...departmentsQueryOptions(), enabled, select });
}
