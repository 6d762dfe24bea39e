import dayjs from 'dayjs';
import type { AuditEventsListQuery } from '../api/audit-log-keys';

/** The screen's filters as they live in the URL (strings; dates as YYYY-MM-DD local days). */
export interface AuditLogFilters extends Record<string, string | undefined> {
  actorUserId?: string;
  /** The chosen actor's name, kept so the field shows it after a reload without another search. */
  actorName?: string;
  action?: string;
  clientId?: string;
  clientName?: string;
  documentId?: string;
  from?: string;
  to?: string;
  search?: string;
}

export const DEFAULT_AUDIT_LOG_FILTERS: AuditLogFilters = {};

const positiveId = (value: string | undefined) =>
  value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined;

/**
 * The API takes instants (`from` inclusive, `to` exclusive); the screen picks whole days in the
 * user's own time zone, so the range runs from the first day's local midnight to the midnight after
 * the last day.
 */
export function toApiFilters(filters: AuditLogFilters): Omit<AuditEventsListQuery, 'limit' | 'offset'> {
  const day = (value: string | undefined) => {
    if (!value) return undefined;
    const parsed = dayjs(value, 'YYYY-MM-DD');
    return parsed.isValid() ? parsed.startOf('day') : undefined;
  };
  return {
    actorUserId: positiveId(filters.actorUserId),
    action: filters.action || undefined,
    clientId: positiveId(filters.clientId),
    documentId: positiveId(filters.documentId),
    from: day(filters.from)?.toISOString(),
    to: day(filters.to)?.add(1, 'day').toISOString(),
    search: filters.search?.trim() || undefined,
  };
}

/** "document 42", "session 3f2a…": what the Object column shows. */
export function objectLabel(objectType: string | null, objectId: string | null): string {
  if (!objectType) return '';
  if (!objectId) return objectType;
  const shortId = objectId.length > 12 ? `${objectId.slice(0, 8)}…` : objectId;
  return `${objectType} ${shortId}`;
}
