import { REMOTE_SEARCH_MIN_CHARS, pagedUsersSchema, type DropdownOption } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { actorSearchQueries } from '../lib/actor-search';
import { auditLogKeys } from './audit-log-keys';

const PER_QUERY = 10;

/**
 * Users matching the typed text, through `GET identity/users`: its filters are per field, so the
 * text is tried as each field it could be and the answers are merged.
 */
export async function searchActors(text: string, signal?: AbortSignal): Promise<DropdownOption[]> {
  const pages = await Promise.all(
    actorSearchQueries(text).map((filters) =>
      api.get('/identity/users', { query: { ...filters, limit: PER_QUERY }, schema: pagedUsersSchema, signal }),
    ),
  );
  const byId = new Map<number, DropdownOption>();
  for (const user of pages.flatMap((page) => page.items)) {
    byId.set(user.id, { value: String(user.id), displayText: `${user.fullName} (${user.emailAddress})` });
  }
  return [...byId.values()];
}

export function actorSearchQueryOptions(text: string) {
  return queryOptions({
    queryKey: auditLogKeys.actors(text),
    queryFn: ({ signal }) => searchActors(text, signal),
    placeholderData: keepPreviousData,
  });
}

/** Searches only from 3 typed characters (spec 02 section 5). */
export function useActorSearch(text: string) {
  const trimmed = text.trim();
  return useQuery({ ...actorSearchQueryOptions(trimmed), enabled: trimmed.length >= REMOTE_SEARCH_MIN_CHARS });
}
