import { documentTagGroupOptionSchema, type DocumentTagGroupOption } from '@ledgerport/shared';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { documentKeys } from './document-keys';

const tagGroupsSchema = z.array(documentTagGroupOptionSchema);

export const documentTagGroupKeys = {
  all: () => [...documentKeys.all, 'tag-groups'] as const,
};

/** Tag groups in their order, each with its active tags: the pickers and the tags filter. */
export function getDocumentTagGroups(signal?: AbortSignal) {
  return api.get('/document/documents/tag-groups', { schema: tagGroupsSchema, signal });
}

export function documentTagGroupsQueryOptions() {
  return queryOptions({
    queryKey: documentTagGroupKeys.all(),
    queryFn: ({ signal }) => getDocumentTagGroups(signal),
    // Tags change rarely (administration screens); a dialog opened twice need not ask again.
    staleTime: 5 * 60_000,
  });
}

export function useDocumentTagGroups(): UseQueryResult<DocumentTagGroupOption[]> {
  return useQuery(documentTagGroupsQueryOptions());
}
