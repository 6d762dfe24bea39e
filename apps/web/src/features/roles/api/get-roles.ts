import { pagedRolesSchema } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { roleKeys, type RolesListQuery } from './role-keys';

export function getRoles(query: RolesListQuery, signal?: AbortSignal) {
  return api.get('/identity/roles', { query, schema: pagedRolesSchema, signal });
}

export function rolesQueryOptions(query: RolesListQuery) {
  return queryOptions({
    queryKey: roleKeys.list(query),
    queryFn: ({ signal }) => getRoles(query, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useRoles(query: RolesListQuery) {
  return useQuery(rolesQueryOptions(query));
}
