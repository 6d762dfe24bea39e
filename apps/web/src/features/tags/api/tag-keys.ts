import type { ListTagGroupsQuery } from '@ledgerport/shared';

/** Every tag query starts with `tagKeys.all`, so one invalidation refreshes the screen after any change. */
export const tagKeys = {
  all: ['tags'] as const,
  groups: (query: ListTagGroupsQuery) => [...tagKeys.all, 'groups', query] as const,
  groupOptions: () => [...tagKeys.all, 'group-options'] as const,
  serviceOptions: () => [...tagKeys.all, 'service-options'] as const,
};
