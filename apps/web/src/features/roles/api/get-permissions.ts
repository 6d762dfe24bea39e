import { permissionDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { roleKeys } from './role-keys';

const permissionsSchema = z.array(permissionDtoSchema);

/** Every permission a role can hold, in catalogue order, each with its area. */
export function getPermissions(signal?: AbortSignal) {
  return api.get('/identity/permissions/all', { schema: permissionsSchema, signal });
}

export function permissionsQueryOptions() {
  return queryOptions({
    queryKey: roleKeys.permissions(),
    queryFn: ({ signal }) => getPermissions(signal),
    // The catalogue changes only with a new release.
    staleTime: Infinity,
  });
}

export function usePermissions() {
  return useQuery(permissionsQueryOptions());
}
