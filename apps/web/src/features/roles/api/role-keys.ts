import type { ListRolesQuery } from '@ledgerport/shared';

export type RolesListQuery = Partial<ListRolesQuery>;

export const roleKeys = {
  all: ['roles'] as const,
  lists: () => [...roleKeys.all, 'list'] as const,
  list: (query: RolesListQuery) => [...roleKeys.lists(), query] as const,
  detail: (id: number) => [...roleKeys.all, 'detail', id] as const,
  permissions: () => [...roleKeys.all, 'permissions'] as const,
};
