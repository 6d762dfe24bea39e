import { sessionDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { sessionKeys } from './session-keys';

export function getMySessions(signal?: AbortSignal) {
  return api.get('/identity/users/me/sessions', { schema: z.array(sessionDtoSchema), signal });
}

export function mySessionsQueryOptions() {
  return queryOptions({ queryKey: sessionKeys.mine(), queryFn: ({ signal }) => getMySessions(signal) });
}

export function useMySessions() {
  return useQuery(mySessionsQueryOptions());
}
