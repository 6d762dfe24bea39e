import { dropdownOptionSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { serviceKeys } from './service-keys';

const departmentsSchema = z.array(dropdownOptionSchema);

export function getDepartments(signal?: AbortSignal) {
  return api.get('/identity/departments/all', { schema: departmentsSchema, signal });
}

export function departmentsQueryOptions() {
  return queryOptions({
    queryKey: serviceKeys.departments(),
    queryFn: ({ signal }) => getDepartments(signal),
    staleTime: 5 * 60_000,
  });
}

/** As Select options. */
export function useDepartments() {
  return useQuery({
    ...departmentsQueryOptions(),
    select: (options) => options.map((option) => ({ value: option.value, label: option.displayText })),
  });
}
