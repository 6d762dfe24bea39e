import { dropdownOptionSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { contractorKeys } from './contractor-keys';

const statesSchema = z
  .array(dropdownOptionSchema)
  .transform((items) => items.map((item) => ({ value: item.value, label: item.displayText })));

/** fetchAllStates for the address's state select. */
export function getStates(signal?: AbortSignal) {
  return api.get('/company/states/all', { schema: statesSchema, signal });
}

export function statesQueryOptions() {
  return queryOptions({
    queryKey: contractorKeys.states(),
    queryFn: ({ signal }) => getStates(signal),
    // Reference data that changes only with a migration.
    staleTime: Infinity,
  });
}

export function useStates({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...statesQueryOptions(), enabled });
}
