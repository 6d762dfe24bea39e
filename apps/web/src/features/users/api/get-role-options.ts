import { roleOptionSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

const roleOptionsSchema = z.array(roleOptionSchema);

/** Role choices with the role's name, which decides the form's role-dependent fields. */
export function getRoleOptions(signal?: AbortSignal) {
  return api.get('/identity/roles/all', { schema: roleOptionsSchema, signal });
}

export function roleOptionsQueryOptions() {
  return queryOptions({
    queryKey: userKeys.options('roles'),
    queryFn: ({ signal }) => getRoleOptions(signal),
    staleTime: 5 * 60_000,
  });
}

export function useRoleOptions() {
  return useQuery(roleOptionsQueryOptions());
}
