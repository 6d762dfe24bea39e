import { toDoListSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toDoKeys } from './request-keys';

/** `GET /document/users/me/to-dos`: what waits on the signed-in client user, in the API's order. */
export function getToDos(signal?: AbortSignal) {
  return api.get('/document/users/me/to-dos', { schema: toDoListSchema, signal });
}

export function toDosQueryOptions() {
  return queryOptions({ queryKey: toDoKeys.all, queryFn: ({ signal }) => getToDos(signal) });
}

export function useToDos() {
  return useQuery(toDosQueryOptions());
}
