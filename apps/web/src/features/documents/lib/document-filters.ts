import { DOCUMENT_STATUSES, type ListDocumentsQuery } from '@ledgerport/shared';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '@/lib/dates';

/**
 * The search panel's filters as they sit in the URL (strings). `clientName` and `creatorName` keep
 * the remotely found choices' labels so the fields still show them after a reload. Tags travel as
 * `tagId`, repeated (as Home links to the screen) or comma-separated (as the search panel writes it).
 * Dates are ISO days (YYYY-MM-DD), which is what a date input gives and reads.
 */
export interface DocumentFiltersState extends Record<string, string | undefined> {
  clientId?: string;
  clientName?: string;
  displayName?: string;
  tagId?: string;
  serviceId?: string;
  status?: string;
  creationTimeFrom?: string;
  creationTimeTo?: string;
  creatorUserId?: string;
  creatorName?: string;
}

export type DocumentsFilterQuery = Omit<Partial<ListDocumentsQuery>, 'limit' | 'offset' | 'sortedBy' | 'sortedDesc'>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `2026-03-07` → `3-7-2026`, the API's M-D-YYYY (spec 02 section 7); anything else is no filter. */
export function toQueryDate(isoDay: string | undefined): string | undefined {
  if (!isoDay || !ISO_DAY.test(isoDay)) return undefined;
  const date = dayjs(isoDay);
  return date.isValid() && date.format('YYYY-MM-DD') === isoDay ? date.format(DATE_FORMAT.query) : undefined;
}

const positiveId = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/** Every tag id of the URL's `tagId` values, repeated or comma-separated, without duplicates. */
export function parseTagIds(values: readonly string[]): number[] {
  const ids = values.flatMap((value) => value.split(',')).map((part) => positiveId(part.trim()));
  return [...new Set(ids.filter((id): id is number => id !== undefined))];
}

/**
 * The URL's filters as the API takes them. Filters the caller's side does not have (client for a
 * client user, status where the screen offers none) are dropped rather than sent.
 */
export function toDocumentsQuery(
  filters: DocumentFiltersState,
  tagIds: readonly number[],
  { withClient, withStatus }: { withClient: boolean; withStatus: boolean },
): DocumentsFilterQuery {
  const status = positiveId(filters.status);
  return {
    clientId: withClient ? positiveId(filters.clientId) : undefined,
    displayName: filters.displayName?.trim() || undefined,
    tags: tagIds.length > 0 ? [...tagIds] : undefined,
    serviceId: positiveId(filters.serviceId),
    status:
      withStatus && status !== undefined && (DOCUMENT_STATUSES as number[]).includes(status)
        ? (status as ListDocumentsQuery['status'])
        : undefined,
    creationTimeFrom: toQueryDate(filters.creationTimeFrom),
    creationTimeTo: toQueryDate(filters.creationTimeTo),
    creatorUserId: positiveId(filters.creatorUserId),
  };
}
