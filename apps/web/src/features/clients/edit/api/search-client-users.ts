import { dropdownOptionSchema, REMOTE_SEARCH_MIN_CHARS } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { clientEditKeys } from './client-edit-keys';

/** `GET identity/users/clients?text=`: client-role users matching the text (owner and collaborator pickers). */
export function searchClientUsers(text: string, signal?: AbortSignal) {
  return api.get('/identity/users/clients', { query: { text }, schema: z.array(dropdownOptionSchema), signal });
}

/** Searches only above 2 typed characters (spec 02 section 5). */
export function useClientUserSearch(text: string) {
  const trimmed = text.trim();
  return useQuery({
    ...queryOptions({
      queryKey: clientEditKeys.clientUsers(trimmed),
      queryFn: ({ signal }) => searchClientUsers(trimmed, signal),
      staleTime: 30_000,
    }),
    enabled: trimmed.length >= REMOTE_SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
}
