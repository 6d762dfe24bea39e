import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { auditLogKeys } from './audit-log-keys';

export function getAuditActions(signal?: AbortSignal) {
  return api.get('/identity/audit-events/actions', { schema: z.array(z.string()), signal });
}

export function auditActionsQueryOptions() {
  // The list is fixed by the server's code: it changes only with a deployment.
  return queryOptions({
    queryKey: auditLogKeys.actions(),
    queryFn: ({ signal }) => getAuditActions(signal),
    staleTime: Infinity,
  });
}

export function useAuditActions() {
  return useQuery(auditActionsQueryOptions());
}
