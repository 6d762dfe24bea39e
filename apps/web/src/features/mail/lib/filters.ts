import { MAIL_KIND, MAIL_STATUS, type MailKind, type MailStatus } from '@ledgerport/shared';
import dayjs from 'dayjs';
import type { MailMessagesListQuery } from '../api/mail-keys';

/** The Mail screen's filters as they live in the URL (strings; dates as YYYY-MM-DD local days). */
export interface MailFilters extends Record<string, string | undefined> {
  status?: string;
  kind?: string;
  recipient?: string;
  from?: string;
  to?: string;
}

export const DEFAULT_MAIL_FILTERS: MailFilters = {};

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

/**
 * The API takes instants (`from` inclusive, `to` exclusive); the screen picks whole days in the
 * user's own time zone, from the first day's midnight to the midnight after the last.
 */
export function toApiFilters(filters: MailFilters): Omit<MailMessagesListQuery, 'limit' | 'offset'> {
  const day = (value: string | undefined) => {
    if (!value) return undefined;
    const parsed = dayjs(value, 'YYYY-MM-DD');
    return parsed.isValid() ? parsed.startOf('day') : undefined;
  };
  return {
    status: oneOf<MailStatus>(MAIL_STATUS, filters.status),
    kind: oneOf<MailKind>(MAIL_KIND, filters.kind),
    recipient: filters.recipient?.trim() || undefined,
    from: day(filters.from)?.toISOString(),
    to: day(filters.to)?.add(1, 'day').toISOString(),
  };
}
