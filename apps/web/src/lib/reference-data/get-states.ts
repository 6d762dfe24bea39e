import { formationStateSchema, type FormationState } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { REFERENCE_STALE_TIME, referenceKeys } from './reference-keys';

/** US states as dropdown options, each with its resident filing fees and name-availability link. */
export function getStates(signal?: AbortSignal) {
  return api.get('/company/states/all', { schema: z.array(formationStateSchema), signal });
}

export function statesQueryOptions() {
  return queryOptions({
    queryKey: referenceKeys.states(),
    queryFn: ({ signal }) => getStates(signal),
    staleTime: REFERENCE_STALE_TIME.states,
  });
}

export function useStates<T = FormationState[]>({
  enabled = true,
  select,
}: { enabled?: boolean; select?: (states: FormationState[]) => T } = {}) {
  return useQuery({ ...statesQueryOptions(), enabled, select });
}
