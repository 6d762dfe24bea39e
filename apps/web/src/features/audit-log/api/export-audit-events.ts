import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AuditEventsListQuery } from './audit-log-keys';

/** The list's filters without paging: the file holds every matching event. */
export function exportAuditEvents(query: Omit<AuditEventsListQuery, 'limit' | 'offset'>) {
  return api.getBlob('/identity/audit-events/export', { query });
}

export function useExportAuditEvents() {
  return useMutation({ mutationFn: exportAuditEvents });
}
