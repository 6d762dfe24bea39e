import { referenceOptionsSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { formationKeys, REFERENCE_STALE_TIME } from './reference-keys';

/** The `company/<list>/all` option lists, each `[{value, displayText}]`. */
export type OptionList =
  'industries' | 'business-entity-types' | 'registered-agent-types' | 'management-structures' | 'organizer-titles';

export const optionsQuery = (list: OptionList) =>
  queryOptions({
    queryKey: formationKeys.options(list),
    queryFn: ({ signal }) => api.get(`/company/${list}/all`, { schema: referenceOptionsSchema, signal }),
    staleTime: REFERENCE_STALE_TIME,
  });

export const useOptions = (list: OptionList) => useQuery(optionsQuery(list));
