import { pagedUsersSchema } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys, type UsersListQuery } from './user-keys';

export function getUsers(query: UsersListQuery, signal?: AbortSignal) {
  return api.get('/identity/users', { query, schema: pagedUsersSchema, signal });
}

export function usersQueryOptions(query: UsersListQuery) {
  return queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(query: UsersListQuery) {
  return useQuery(usersQueryOptions(query));
}
