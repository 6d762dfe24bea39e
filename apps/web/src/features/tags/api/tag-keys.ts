import type { ListTagGroupsQuery } from '@ledgerport/shared';
import type { QueryClient } from '@tanstack/react-query';
import { invalidateReferenceData } from '@/lib/reference-data/reference-keys';

/** Every tag query starts with `tagKeys.all`, so one invalidation refreshes the screen after any change. */
export const tagKeys = {
  all: ['tags'] as const,
  groups: (query: ListTagGroupsQuery) => [...tagKeys.all, 'groups', query] as const,
};

/** After any change: this screen, and the tag pickers and home tag cards of every other screen. */
export function invalidateTagQueries(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: tagKeys.all }),
    invalidateReferenceData(queryClient, 'tags'),
  ]);
}
