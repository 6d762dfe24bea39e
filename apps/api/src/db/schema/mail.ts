import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The mail outbox: every message is written here, in the transaction of the change that causes it,
 * and delivered by a job. Without SMTP it stays here (status `kept`). The Mail screen lists it.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Stable Message-ID: a retry after a crash mid-send carries the same id, so receivers can drop the copy. */
    messageId: text().notNull().unique(),
    template: text().notNull(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    /**
     * The rendered body, encrypted with the field-encryption key (`v1.` ciphertext, ADR 0006): it
     * carries reset, invitation and share links. Null once erased: a delivered message's body is
     * erased MAIL_BODY_RETENTION_DAYS after delivery, its metadata stays (docs/mail.md).
     */
    html: text(),
    text: text(),
    bodyErasedAt: timestamp({ withTimezone: true }),
    /**
     * queued → sending (an attempt is under way, recorded before the SMTP transaction) → sent (SMTP)
     * or kept (no SMTP: only in the outbox); back to queued after a refused attempt, failed after the
     * last. 'sending' found by a later attempt means the process died mid-send (docs/reliability.md).
     */
    status: text().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('mail_messages_created_idx').on(t.createdAt)],
);
