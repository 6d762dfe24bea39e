import { REMOTE_SEARCH_MIN_CHARS, clientSummaryDtoSchema } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { auditLogKeys } from './audit-log-keys';

/** `document/clients/all` filtered by name on the server. */
export function searchClients(text: string, signal?: AbortSignal) {
  return api.get('/document/clients/all', { query: { text }, schema: z.array(clientSummaryDtoSchema), signal });
}

export function clientSearchQueryOptions(text: string) {
  return queryOptions({
    queryKey: auditLogKeys.clients(text),
    queryFn: ({ signal }) => searchClients(text, signal),
    placeholderData: keepPreviousData,
  });
}

export function useClientSearch(text: string) {
  const trimmed = text.trim();
  return useQuery({ ...clientSearchQueryOptions(trimmed), enabled: trimmed.length >= REMOTE_SEARCH_MIN_CHARS });
}
