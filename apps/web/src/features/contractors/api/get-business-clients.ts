import {
  REMOTE_SEARCH_MIN_CHARS,
  contractorClientDtoSchema,
  type ContractorClientDto,
  type DropdownOption,
} from '@ledgerport/shared';
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

const toOptions = (clients: ContractorClientDto[]): DropdownOption[] =>
  clients.map((client) => ({ value: String(client.id), displayText: client.name }));

/** As options of the remote select; asks the server only above 2 typed characters (spec 03 section 9). */
export function useBusinessClientOptions(text: string) {
  const trimmed = text.trim();
  return useQuery({
    ...businessClientsQueryOptions(trimmed),
    enabled: trimmed.length >= REMOTE_SEARCH_MIN_CHARS,
    select: toOptions,
  });
}
