import { bookkeepingClientDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { reconciliationKeys } from './reconciliation-keys';

/**
 * Every business client that uses or has used bookkeeping, in one call: the chooser's "currently
 * using" filter then works on the loaded list (each item says whether it still uses the service),
 * and a clientId from the URL is matched against former users too.
 */
export function getBookkeepingClients(signal?: AbortSignal) {
  return api.get('/document/clients/business/bookkeeping', {
    query: { onlyCurrentlyUsingBookkeepingService: false },
    schema: z.array(bookkeepingClientDtoSchema),
    signal,
  });
}

export function useBookkeepingClients({ enabled }: { enabled: boolean }) {
  return useQuery(
    queryOptions({
      queryKey: reconciliationKeys.bookkeepingClients(),
      queryFn: ({ signal }) => getBookkeepingClients(signal),
      enabled,
    }),
  );
}
