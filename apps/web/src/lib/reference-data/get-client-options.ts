import {
  REMOTE_SEARCH_MIN_CHARS,
  clientSummaryDtoSchema,
  type ClientSummaryDto,
  type DropdownOption,
} from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { REFERENCE_STALE_TIME, referenceKeys } from './reference-keys';

/** Clients whose name contains `text` (`document/clients/all`, staff): the client pickers and filters. */
export function getClientOptions(text: string, signal?: AbortSignal) {
  return api.get('/document/clients/all', { query: { text }, schema: z.array(clientSummaryDtoSchema), signal });
}

export function clientOptionsQueryOptions(text: string) {
  return queryOptions({
    queryKey: referenceKeys.clients(text),
    queryFn: ({ signal }) => getClientOptions(text, signal),
    staleTime: REFERENCE_STALE_TIME.clients,
    placeholderData: keepPreviousData,
  });
}

/** Searches only from 3 typed characters (spec 02 section 5). */
export function useClientOptions(text: string) {
  const trimmed = text.trim();
  return useQuery({ ...clientOptionsQueryOptions(trimmed), enabled: trimmed.length >= REMOTE_SEARCH_MIN_CHARS });
}

const toChoices = (clients: ClientSummaryDto[]): DropdownOption[] =>
  clients.map((client) => ({ value: String(client.id), displayText: client.name }));

/** The same search as dropdown options, for `RemoteSelect`. */
export function useClientChoices(text: string) {
  const trimmed = text.trim();
  return useQuery({
    ...clientOptionsQueryOptions(trimmed),
    enabled: trimmed.length >= REMOTE_SEARCH_MIN_CHARS,
    select: toChoices,
  });
}
