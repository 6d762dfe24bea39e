import { roleDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { roleKeys } from './role-keys';

export function getRole(id: number, signal?: AbortSignal) {
  return api.get(`/identity/roles/${id}`, { schema: roleDtoSchema, signal });
}

export function roleQueryOptions(id: number) {
  return queryOptions({
    queryKey: roleKeys.detail(id),
    queryFn: ({ signal }) => getRole(id, signal),
    // The edit form starts from what is stored now, not from a list row loaded minutes ago.
    staleTime: 0,
  });
}

export function useRole(id: number | null) {
  return useQuery({ ...roleQueryOptions(id ?? 0), enabled: id !== null });
}
