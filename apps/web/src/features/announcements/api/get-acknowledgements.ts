import { acknowledgementListSchema, type ListAcknowledgementsQuery } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { announcementKeys } from './announcement-keys';

export function getAcknowledgements(id: number, query: ListAcknowledgementsQuery, signal?: AbortSignal) {
  return api.get(`/document/announcements/${id}/acknowledgements`, {
    query,
    schema: acknowledgementListSchema,
    signal,
  });
}

export function acknowledgementsQueryOptions(id: number, query: ListAcknowledgementsQuery) {
  return queryOptions({
    queryKey: announcementKeys.acknowledgements(id, query),
    queryFn: ({ signal }) => getAcknowledgements(id, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAcknowledgements(id: number, query: ListAcknowledgementsQuery) {
  return useQuery(acknowledgementsQueryOptions(id, query));
}
