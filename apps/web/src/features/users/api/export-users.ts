import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { UsersListQuery } from './user-keys';

/** The list's filters and sort, without paging: the file holds every matching user. */
export function exportUsers(query: Omit<UsersListQuery, 'limit' | 'offset'>) {
  return api.getBlob('/identity/users/export', { query });
}

export function useExportUsers() {
  return useMutation({ mutationFn: exportUsers });
}
