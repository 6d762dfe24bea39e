import { profileDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ME_PATH, profileKeys } from './profile-keys';

/** The signed-in user as the server knows them now (names may have changed since sign-in). */
export function getMe(signal?: AbortSignal) {
  return api.get(ME_PATH, { schema: profileDtoSchema, signal });
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.me(),
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60_000,
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
