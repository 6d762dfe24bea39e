import type { ListRequestTemplatesFilters, ListRequestsFilters } from '@ledgerport/shared';
import type { QueryParams } from '@/lib/api-client';

export type RequestsListQuery = Partial<ListRequestsFilters>;
export type RequestTemplatesListQuery = Partial<ListRequestTemplatesFilters>;

/**
 * Query keys of requests, their templates and schedules, and the client's To do. A change to a
 * request also changes the To do, so request mutations invalidate both (`invalidateRequests`).
 */
export const requestKeys = {
  all: ['requests'] as const,
  lists: () => [...requestKeys.all, 'list'] as const,
  list: (query: RequestsListQuery) => [...requestKeys.lists(), query] as const,
  details: (id: number) => [...requestKeys.all, 'details', id] as const,
  reminderRecipients: (id: number) => [...requestKeys.all, 'reminder-recipients', id] as const,
};

export const requestTemplateKeys = {
  all: ['request-templates'] as const,
  lists: () => [...requestTemplateKeys.all, 'list'] as const,
  list: (query: RequestTemplatesListQuery) => [...requestTemplateKeys.lists(), query] as const,
  details: (id: number) => [...requestTemplateKeys.all, 'details', id] as const,
};

export const requestScheduleKeys = {
  all: ['request-schedules'] as const,
  lists: () => [...requestScheduleKeys.all, 'list'] as const,
  list: (query: QueryParams) => [...requestScheduleKeys.lists(), query] as const,
  details: (id: number) => [...requestScheduleKeys.all, 'details', id] as const,
};

export const toDoKeys = {
  all: ['to-dos'] as const,
};
