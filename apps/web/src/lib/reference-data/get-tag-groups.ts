import { documentTagGroupOptionSchema, type DocumentTagGroupOption } from '@ledgerport/shared';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { REFERENCE_STALE_TIME, referenceKeys } from './reference-keys';

/** Tag groups in their order, each with its active tags: the document pickers and the tags filter. */
export function getTagGroups(signal?: AbortSignal) {
  return api.get('/document/documents/tag-groups', { schema: z.array(documentTagGroupOptionSchema), signal });
}

export function tagGroupsQueryOptions() {
  return queryOptions({
    queryKey: referenceKeys.tagGroups(),
    queryFn: ({ signal }) => getTagGroups(signal),
    staleTime: REFERENCE_STALE_TIME.tags,
  });
}

export function useTagGroups({ enabled = true }: { enabled?: boolean } = {}): UseQueryResult<DocumentTagGroupOption[]> {
  return useQuery({ ...tagGroupsQueryOptions(), enabled });
}
