import { requestScheduleListSchema, requestScheduleSchema } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { requestScheduleKeys } from './request-keys';

/** The API pages recurring requests by name; it takes no other filter or order. */
export interface RequestSchedulesListQuery {
  limit: number;
  offset: number;
}

export function getRequestSchedules(query: RequestSchedulesListQuery, signal?: AbortSignal) {
  return api.get('/document/request-schedules', { query: { ...query }, schema: requestScheduleListSchema, signal });
}

export function requestSchedulesQueryOptions(query: RequestSchedulesListQuery) {
  return queryOptions({
    queryKey: requestScheduleKeys.list({ ...query }),
    queryFn: ({ signal }) => getRequestSchedules(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRequestSchedules(query: RequestSchedulesListQuery) {
  return useQuery(requestSchedulesQueryOptions(query));
}

/** One recurring request as it is now (after a save was refused as stale). */
export function getRequestSchedule(id: number, signal?: AbortSignal) {
  return api.get(`/document/request-schedules/${id}`, { schema: requestScheduleSchema, signal });
}
