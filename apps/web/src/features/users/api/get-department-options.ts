import { dropdownOptionSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

const optionsSchema = z.array(dropdownOptionSchema);

export function getDepartmentOptions(signal?: AbortSignal) {
  return api.get('/identity/departments/all', { schema: optionsSchema, signal });
}

export function departmentOptionsQueryOptions() {
  return queryOptions({
    queryKey: userKeys.options('departments'),
    queryFn: ({ signal }) => getDepartmentOptions(signal),
    staleTime: 5 * 60_000,
  });
}

export function useDepartmentOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...departmentOptionsQueryOptions(), enabled });
}
