import { REMOTE_SEARCH_MIN_CHARS, clientSummaryDtoSchema } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { documentKeys } from './document-keys';

const clientsSchema = z.array(clientSummaryDtoSchema);

/** Clients whose name contains `text`, as options: the client filter and the edit dialog (staff). */
export async function getClientOptions(text: string, signal?: AbortSignal) {
  const clients = await api.get('/document/clients/all', { query: { text }, schema: clientsSchema, signal });
  return clients.map((client) => ({ value: String(client.id), displayText: client.name }));
}

export function clientOptionsQueryOptions(text: string) {
  return queryOptions({
    queryKey: documentKeys.clientOptions(text),
    queryFn: ({ signal }) => getClientOptions(text, signal),
    placeholderData: keepPreviousData,
  });
}

/** Searches only above 2 typed characters (spec 02 section 5). */
export function useClientOptions(text: string) {
  const trimmed = text.trim();
  return useQuery({ ...clientOptionsQueryOptions(trimmed), enabled: trimmed.length >= REMOTE_SEARCH_MIN_CHARS });
}
