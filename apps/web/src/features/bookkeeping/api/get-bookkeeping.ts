import { pagedBookkeepingSchema } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bookkeepingKeys, type BookkeepingListQuery } from './bookkeeping-keys';

/** fetchBookkeeping: one month of the tracker, a page of clients. */
export function getBookkeeping(query: BookkeepingListQuery, signal?: AbortSignal) {
  return api.get('/document/bookkeeping', { query, schema: pagedBookkeepingSchema, signal });
}

export function bookkeepingQueryOptions(query: BookkeepingListQuery) {
  return queryOptions({
    queryKey: bookkeepingKeys.list(query),
    queryFn: ({ signal }) => getBookkeeping(query, signal),
    // The previous month stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useBookkeeping(query: BookkeepingListQuery) {
  return useQuery(bookkeepingQueryOptions(query));
}
