import type { ListUsersQuery } from '@ledgerport/shared';

export type UsersListQuery = Partial<ListUsersQuery>;

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (query: UsersListQuery) => [...userKeys.lists(), query] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
  sessions: (id: number) => [...userKeys.all, 'sessions', id] as const,
  options: (kind: 'roles' | 'supervisors') => [...userKeys.all, 'options', kind] as const,
};
