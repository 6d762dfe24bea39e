import { bookkeepingYearDtoSchema } from '@ledgerport/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bookkeepingKeys } from './bookkeeping-keys';

/** A client's bookkeeping year, month by month (a client user: their current client). */
export function getBookkeepingYear(query: { year: number; clientId?: number }, signal?: AbortSignal) {
  return api.get('/document/bookkeeping/months', { query, schema: bookkeepingYearDtoSchema, signal });
}

export function useBookkeepingYear(query: { year: number; clientId?: number }) {
  return useQuery({
    queryKey: bookkeepingKeys.year(query),
    queryFn: ({ signal }) => getBookkeepingYear(query, signal),
  });
}
