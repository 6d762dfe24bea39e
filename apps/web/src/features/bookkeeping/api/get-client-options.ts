import { REMOTE_SEARCH_MIN_CHARS, clientSummaryDtoSchema } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { bookkeepingKeys } from './bookkeeping-keys';

/** `document/clients/all` filtered by name on the server: the client search of the filters. */
export function getClientOptions(text: string, signal?: AbortSignal) {
  return api.get('/document/clients/all', { query: { text }, schema: z.array(clientSummaryDtoSchema), signal });
}

export function clientOptionsQueryOptions(text: string) {
  return queryOptions({
    queryKey: bookkeepingKeys.clientOptions(text),
    queryFn: ({ signal }) => getClientOptions(text, signal),
    placeholderData: keepPreviousData,
  });
}

/** Searches only above 2 typed characters (spec 02 section 5). */
export function useClientOptions(text: string) {
  const trimmed = text.trim();
  return useQuery({ ...clientOptionsQueryOptions(trimmed), enabled: trimmed.length >= REMOTE_SEARCH_MIN_CHARS });
}
