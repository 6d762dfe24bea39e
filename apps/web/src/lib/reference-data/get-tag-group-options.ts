import { dropdownOptionSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { REFERENCE_STALE_TIME, referenceKeys } from './reference-keys';

/** Every tag group as a dropdown option (a main tag's "activates" list). */
export function getTagGroupOptions(signal?: AbortSignal) {
  return api.get('/document/tag-groups/all', { schema: z.array(dropdownOptionSchema), signal });
}

export function tagGroupOptionsQueryOptions() {
  return queryOptions({
    queryKey: referenceKeys.tagGroupOptions(),
    queryFn: ({ signal }) => getTagGroupOptions(signal),
    staleTime: REFERENCE_STALE_TIME.tags,
  });
}

export function useTagGroupOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...tagGroupOptionsQueryOptions(), enabled });
}
