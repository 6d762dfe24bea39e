import { pagedAuditEventsSchema } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { auditLogKeys, type AuditEventsListQuery } from './audit-log-keys';

export function getAuditEvents(query: AuditEventsListQuery, signal?: AbortSignal) {
  return api.get('/identity/audit-events', { query, schema: pagedAuditEventsSchema, signal });
}

export function auditEventsQueryOptions(query: AuditEventsListQuery) {
  return queryOptions({
    queryKey: auditLogKeys.list(query),
    queryFn: ({ signal }) => getAuditEvents(query, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useAuditEvents(query: AuditEventsListQuery) {
  return useQuery(auditEventsQueryOptions(query));
}
