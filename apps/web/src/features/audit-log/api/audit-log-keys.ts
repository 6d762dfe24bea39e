import type { AuditEventsQuery } from '@ledgerport/shared';

export type AuditEventsListQuery = Partial<AuditEventsQuery>;

export const auditLogKeys = {
  all: ['audit-log'] as const,
  list: (query: AuditEventsListQuery) => [...auditLogKeys.all, 'list', query] as const,
  actions: () => [...auditLogKeys.all, 'actions'] as const,
  actors: (text: string) => [...auditLogKeys.all, 'actors', text] as const,
};
