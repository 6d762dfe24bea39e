import { REMOTE_SEARCH_MIN_CHARS, pagedUsersSchema, type DropdownOption } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invitationKeys } from './invitation-keys';

const SENDER_OPTIONS = 20;

/** Users whose name or e-mail contains `text`, labelled with both: the admin's sender filter. */
export async function getSenderOptions(text: string, signal?: AbortSignal): Promise<DropdownOption[]> {
  const page = await api.get('/identity/users', {
    query: { search: text, limit: SENDER_OPTIONS },
    schema: pagedUsersSchema,
    signal,
  });
  return page.items.map((user) => ({ value: String(user.id), displayText: `${user.fullName} (${user.emailAddress})` }));
}

export function senderOptionsQueryOptions(text: string) {
  return queryOptions({
    queryKey: invitationKeys.senders(text),
    queryFn: ({ signal }) => getSenderOptions(text, signal),
    placeholderData: keepPreviousData,
  });
}

/** Searches only above 2 typed characters (spec 02 section 5). */
export function useSenderOptions(text: string) {
  const trimmed = text.trim();
  return useQuery({ ...senderOptionsQueryOptions(trimmed), enabled: trimmed.length >= REMOTE_SEARCH_MIN_CHARS });
}
