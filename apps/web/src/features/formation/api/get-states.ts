import { formationStateSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { formationKeys, REFERENCE_STALE_TIME } from './reference-keys';

/** `GET company/states/all`: each state with its resident filing fees and name-availability link. */
export const statesQuery = () =>
  queryOptions({
    queryKey: formationKeys.states(),
    queryFn: ({ signal }) => api.get('/company/states/all', { schema: z.array(formationStateSchema), signal }),
    staleTime: REFERENCE_STALE_TIME,
  });

export const useStates = () => useQuery(statesQuery());
