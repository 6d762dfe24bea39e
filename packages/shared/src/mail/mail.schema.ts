import { z } from 'zod';
import { TEXT_LIMIT } from '../common/constants.js';
import { listQuerySchema, pagedSchema } from '../common/list.schema.js';

/**
 * The Mail screen (issue 17 item 1; docs/mail.md): every outgoing message's delivery, never its
 * body in production.
 *
 * - `GET  identity/mail/messages`             mail:list   → paged MailMessageDto, newest first
 * - `POST identity/mail/messages/{id}/resend` mail:resend → MailMessageDto (a failed one, queued again; audited)
 * - `GET  identity/mail/messages/{id}/body`   mail:list   → MailMessageBodyDto (audited); registered
 *   only when NODE_ENV is not production, 404 once the body has been erased
 */

/** queued → sending → sent (SMTP) or kept (no SMTP: only in the outbox); failed after the last attempt. */
export const MAIL_STATUS = ['queued', 'sending', 'sent', 'kept', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUS)[number];

/** What a message is about, named for the people who read the screen. */
export const MAIL_KIND = [
  'invitation',
  'password-reset',
  'document-share',
  'client-email',
  'notification',
  'reminder',
  'secure-message',
  'other',
] as const;
export type MailKind = (typeof MAIL_KIND)[number];

/** The outbox's template names (apps/api mail.templates.ts) and the kind each one is. */
export const MAIL_KIND_OF_TEMPLATE: Readonly<Record<string, Exclude<MailKind, 'other'>>> = {
  invitation: 'invitation',
  passwordReset: 'password-reset',
  documentShared: 'document-share',
  clientMessage: 'client-email',
  notificationBatch: 'notification',
  notificationDigest: 'notification',
  requestReminder: 'reminder',
  secureMessageWaiting: 'secure-message',
};

export function mailKindOf(template: string): MailKind {
  return MAIL_KIND_OF_TEMPLATE[template] ?? 'other';
}

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
/** ISO 8601 with an offset, in a year PostgreSQL reads (there is no year 0). */
const instantSchema = z.iso.datetime({ offset: true }).refine((value) => !value.startsWith('0000'), {
  message: 'Year 0 does not exist.',
});

export const mailMessagesQuerySchema = listQuerySchema.omit({ sortedBy: true, sortedDesc: true }).extend({
  status: optional(z.enum(MAIL_STATUS)),
  kind: optional(z.enum(MAIL_KIND)),
  /** Case-insensitive part of the recipient's address. */
  recipient: optional(z.string().trim().max(TEXT_LIMIT.email)),
  /** Queued at or after `from`, before `to`. */
  from: optional(instantSchema),
  to: optional(instantSchema),
});
export type MailMessagesQuery = z.infer<typeof mailMessagesQuerySchema>;

export const mailMessageDtoSchema = z.object({
  id: z.number().int(),
  queuedAt: z.string(),
  sentAt: z.string().nullable(),
  recipient: z.string(),
  subject: z.string(),
  kind: z.enum(MAIL_KIND),
  status: z.enum(MAIL_STATUS),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** The body can be read on this server: never in production, and not once it has been erased. */
  bodyViewable: z.boolean(),
});
export type MailMessageDto = z.infer<typeof mailMessageDtoSchema>;
export const pagedMailMessagesSchema = pagedSchema(mailMessageDtoSchema);

/** A message as its recipient sees it, links included (outside production only). */
export const mailMessageBodyDtoSchema = z.object({
  id: z.number().int(),
  recipient: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type MailMessageBodyDto = z.infer<typeof mailMessageBodyDtoSchema>;
