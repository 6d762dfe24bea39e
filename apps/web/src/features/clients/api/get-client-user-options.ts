import { REMOTE_SEARCH_MIN_CHARS, dropdownOptionSchema } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { clientKeys } from './client-keys';

const optionsSchema = z.array(dropdownOptionSchema);

/** Client users whose name or e-mail contains `text`: the owner / collaborator remote search. */
export function getClientUserOptions(text: string, signal?: AbortSignal) {
  return api.get('/identity/users/clients', { query: { text }, schema: optionsSchema, signal });
}

export function clientUserOptionsQueryOptions(text: string) {
  return queryOptions({
    queryKey: clientKeys.clientUsers(text),
    queryFn: ({ signal }) => getClientUserOptions(text, signal),
    placeholderData: keepPreviousData,
  });
}

/** Searches only above 2 typed characters (spec 02 section 5). */
export function useClientUserOptions(text: string) {
  const trimmed = text.trim();
  return useQuery({ ...clientUserOptionsQueryOptions(trimmed), enabled: trimmed.length >= REMOTE_SEARCH_MIN_CHARS });
}
