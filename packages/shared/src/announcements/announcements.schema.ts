import { z } from 'zod';
import { idSchema, listQuerySchema, pagedSchema } from '../common/list.schema.js';

/**
 * Announcements with tracked acknowledgement (spec 02 "Announcements", sections 3-9; spec 01
 * sections 2.3, 3, 4.5 and 7).
 *
 * Expiration rule: `expirationDate` is a calendar date (YYYY-MM-DD) read in UTC, the server's date.
 * An announcement is shown through the whole of its expiration date and is expired from the next UTC
 * day on; creating one with an expiration date earlier than today's UTC date is refused. No date
 * means it never expires.
 *
 * Acknowledgement is per user and client: a client user confirms an announcement for the client
 * accounts they act for (owner or active collaborator of an active client). The post-login step runs
 * before the current client is chosen (spec 01 section 2.3), so each unconfirmed announcement comes
 * with the caller's clients that still need it, and the confirmation names them (spec 01 section 7).
 */

export const ANNOUNCEMENT_LIMITS = {
  title: 200,
  /** Rich-text HTML from the editor. */
  html: 100_000,
  /** Clients named in one confirmation. */
  clientsPerAcknowledgement: 100,
} as const;

export const ANNOUNCEMENT_VALIDATION = {
  required: 'REQUIRED',
  invalidDate: 'INVALID_DATE',
  expirationInPast: 'EXPIRATION_DATE_IN_PAST',
} as const;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date in UTC as YYYY-MM-DD: the day the expiration rule compares with. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A calendar date written YYYY-MM-DD that exists (no February 30). */
export function isRealDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * Whether rich text holds anything a reader would see. The editor's empty state is `<p></p>`, which
 * must count as missing. Not a sanitiser: the server sanitises separately.
 */
export function isBlankHtml(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim() === ''
  );
}

const requiredHtml = z
  .string()
  .max(ANNOUNCEMENT_LIMITS.html)
  .refine((value) => !isBlankHtml(value), ANNOUNCEMENT_VALIDATION.required);

/** Optional and clearable: `null`, `''` or absent mean "never expires". */
const expirationDateInput = z
  .union([z.string().trim(), z.null()])
  .optional()
  .transform((value) => (value === undefined || value === null || value === '' ? null : value))
  .refine((value) => value === null || isRealDate(value), ANNOUNCEMENT_VALIDATION.invalidDate)
  .refine((value) => value === null || value >= utcToday(), ANNOUNCEMENT_VALIDATION.expirationInPast);

export const createAnnouncementInputSchema = z.object({
  title: z.string().trim().min(1, ANNOUNCEMENT_VALIDATION.required).max(ANNOUNCEMENT_LIMITS.title),
  body: requiredHtml,
  acknowledgmentText: requiredHtml,
  expirationDate: expirationDateInput,
});
export type CreateAnnouncementInput = z.input<typeof createAnnouncementInputSchema>;
export type CreateAnnouncementData = z.output<typeof createAnnouncementInputSchema>;

/** The list sorts by creation time, newest first; it pages with limit and offset. */
export const listAnnouncementsQuerySchema = listQuerySchema;
export type ListAnnouncementsQuery = z.infer<typeof listAnnouncementsQuerySchema>;

export const announcementListItemSchema = z.object({
  id: z.number().int(),
  /** The version activate and deactivate send back as `If-Match` (also the `ETag` of the GET). */
  version: z.string(),
  title: z.string(),
  isActive: z.boolean(),
  /** YYYY-MM-DD, or null when it never expires. */
  expirationDate: z.string().nullable(),
  creationTime: z.string(),
});
export type AnnouncementListItem = z.infer<typeof announcementListItemSchema>;
export const announcementListSchema = pagedSchema(announcementListItemSchema);
export type AnnouncementList = z.infer<typeof announcementListSchema>;

export const announcementDetailsSchema = announcementListItemSchema.extend({
  /** Sanitised HTML. */
  body: z.string(),
  /** Sanitised HTML. */
  acknowledgmentText: z.string(),
});
export type AnnouncementDetails = z.infer<typeof announcementDetailsSchema>;

/** Spec 01 section 3, "Announcement to confirm". */
export const unconfirmedAnnouncementSchema = z.object({
  announcement: z.object({
    id: z.number().int(),
    title: z.string(),
    body: z.string(),
    acknowledgmentText: z.string(),
  }),
  /** The caller's clients this announcement is not yet confirmed for. */
  clients: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type UnconfirmedAnnouncement = z.infer<typeof unconfirmedAnnouncementSchema>;

export const acknowledgeAnnouncementInputSchema = z.object({
  clients: z.array(idSchema).min(1).max(ANNOUNCEMENT_LIMITS.clientsPerAcknowledgement),
});
export type AcknowledgeAnnouncementInput = z.infer<typeof acknowledgeAnnouncementInputSchema>;

export const ACKNOWLEDGEMENT_STATUS = { acknowledged: 'acknowledged', pending: 'pending' } as const;
export type AcknowledgementStatus = (typeof ACKNOWLEDGEMENT_STATUS)[keyof typeof ACKNOWLEDGEMENT_STATUS];

export const listAcknowledgementsQuerySchema = z.object({
  limit: listQuerySchema.shape.limit,
  offset: listQuerySchema.shape.offset,
  /** Who confirmed (newest first), or who has not yet (by client, then user). */
  status: z.enum([ACKNOWLEDGEMENT_STATUS.acknowledged, ACKNOWLEDGEMENT_STATUS.pending]).default('acknowledged'),
});
export type ListAcknowledgementsQuery = z.infer<typeof listAcknowledgementsQuerySchema>;

export const acknowledgementItemSchema = z.object({
  userId: z.number().int(),
  user: z.string(),
  clientId: z.number().int(),
  client: z.string(),
  /** When the user confirmed for this client; null while pending. */
  acknowledgedAt: z.string().nullable(),
});
export type AcknowledgementItem = z.infer<typeof acknowledgementItemSchema>;
export const acknowledgementListSchema = pagedSchema(acknowledgementItemSchema);
export type AcknowledgementList = z.infer<typeof acknowledgementListSchema>;
