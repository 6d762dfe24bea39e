import { requestListSchema } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { requestKeys, type RequestsListQuery } from './request-keys';

export function getRequests(query: RequestsListQuery, signal?: AbortSignal) {
  return api.get('/document/requests', { query, schema: requestListSchema, signal });
}

export function requestsQueryOptions(query: RequestsListQuery) {
  return queryOptions({
    queryKey: requestKeys.list(query),
    queryFn: ({ signal }) => getRequests(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRequests(query: RequestsListQuery) {
  return useQuery(requestsQueryOptions(query));
}
