import { tagGroupListSchema, type ListTagGroupsQuery } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tagKeys } from './tag-keys';

/** Every tag group in display order with its tags (not paged: the screen reorders them by dragging). */
export function getTagGroups(query: ListTagGroupsQuery, signal?: AbortSignal) {
  return api.get('/document/tag-groups', { query: { ...query }, schema: tagGroupListSchema, signal });
}

export function tagGroupsQueryOptions(query: ListTagGroupsQuery) {
  return queryOptions({
    queryKey: tagKeys.groups(query),
    queryFn: ({ signal }) => getTagGroups(query, signal),
    // Typing in the filter keeps the previous rows on screen instead of flashing a loader.
    placeholderData: keepPreviousData,
  });
}

export function useTagGroups(query: ListTagGroupsQuery) {
  return useQuery(tagGroupsQueryOptions(query));
}
