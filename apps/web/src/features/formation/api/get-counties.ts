import { countySchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { formationKeys, REFERENCE_STALE_TIME } from './reference-keys';

export const countiesQuery = (stateId: number) =>
  queryOptions({
    queryKey: formationKeys.counties(stateId),
    queryFn: ({ signal }) =>
      api.get('/company/counties/all', { query: { stateId }, schema: z.array(countySchema), signal }),
    staleTime: REFERENCE_STALE_TIME,
  });

/** The state's counties; nothing is fetched until a state is chosen. */
export function useCounties(stateId: number | null) {
  return useQuery({ ...countiesQuery(stateId ?? 0), enabled: stateId !== null });
}
