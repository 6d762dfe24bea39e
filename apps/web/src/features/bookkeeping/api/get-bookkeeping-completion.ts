import { bookkeepingCompletionDtoSchema } from '@ledgerport/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bookkeepingKeys, type BookkeepingCompletionQuery } from './bookkeeping-keys';

/** The tracker's completion over the 12 months ending with the query's month (the firm's, or one client's). */
export function getBookkeepingCompletion(query: BookkeepingCompletionQuery, signal?: AbortSignal) {
  return api.get('/document/bookkeeping/completion', { query, schema: bookkeepingCompletionDtoSchema, signal });
}

export function useBookkeepingCompletion(query: BookkeepingCompletionQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    enabled: options.enabled ?? true,
    queryKey: bookkeepingKeys.completion(query),
    queryFn: ({ signal }) => getBookkeepingCompletion(query, signal),
    // Moving a month keeps the bars on screen while the next twelve load.
    placeholderData: keepPreviousData,
  });
}
