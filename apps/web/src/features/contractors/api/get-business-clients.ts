import { REMOTE_SEARCH_MIN_CHARS, contractorClientDtoSchema } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { contractorKeys } from './contractor-keys';

/** fetchAllBusinessClients: business clients whose name contains `text` (staff type-ahead). */
export function getBusinessClients(text: string, signal?: AbortSignal) {
  return api.get('/document/contractors/clients', {
    query: { text },
    schema: z.array(contractorClientDtoSchema),
    signal,
  });
}

export function businessClientsQueryOptions(text: string) {
  return queryOptions({
    queryKey: contractorKeys.clients(text),
    queryFn: ({ signal }) => getBusinessClients(text, signal),
    placeholderData: keepPreviousData,
  });
}

/** Asks the server only above 2 typed characters (spec 03 section 9). */
export function useBusinessClients(text: string) {
  const trimmed = text.trim();
  return useQuery({ ...businessClientsQueryOptions(trimmed), enabled: trimmed.length >= REMOTE_SEARCH_MIN_CHARS });
}
