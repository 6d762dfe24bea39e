import { userDetailsDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

export function getUser(id: number, signal?: AbortSignal) {
  return api.get(`/identity/users/${id}`, { schema: userDetailsDtoSchema, signal });
}

export function userQueryOptions(id: number) {
  return queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal) });
}

export function useUser(id: number | null) {
  return useQuery({ ...userQueryOptions(id ?? 0), enabled: id !== null, gcTime: 0 });
}
