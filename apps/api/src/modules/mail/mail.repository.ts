import { and, count, desc, eq, gt, gte, inArray, isNotNull, lt, not, notInArray, sql, type SQL } from 'drizzle-orm';
import type { MailStatus } from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import { mailMessages } from '../../db/schema/index.js';
import { containsIgnoreCase } from '../../lib/list-query.js';

/** The Mail screen's filters, resolved by the service (a kind becomes the templates it covers). */
export interface MailMessageFilters {
  status?: MailStatus;
  /** Only these templates. */
  templates?: readonly string[];
  /** None of these templates (the "other" kind). */
  excludedTemplates?: readonly string[];
  recipient?: string;
  from?: Date;
  to?: Date;
}

/** Prefix of a body written by field encryption (lib/field-crypto.ts); a rendered body never starts so. */
export const ENCRYPTED_BODY_PREFIX = 'v1.';

export type MailRepository = ReturnType<typeof createMailRepository>;

export function createMailRepository({ db }: { db: DbOrTx }) {
  function whereOf(filters: MailMessageFilters): SQL | undefined {
    const conditions: SQL[] = [];
    if (filters.status) conditions.push(eq(mailMessages.status, filters.status));
    if (filters.templates) conditions.push(inArray(mailMessages.template, [...filters.templates]));
    if (filters.excludedTemplates) conditions.push(notInArray(mailMessages.template, [...filters.excludedTemplates]));
    if (filters.recipient) conditions.push(containsIgnoreCase(mailMessages.toAddress, filters.recipient));
    if (filters.from) conditions.push(gte(mailMessages.createdAt, filters.from));
    if (filters.to) conditions.push(lt(mailMessages.createdAt, filters.to));
    return conditions.length > 0 ? and(...conditions) : undefined;
  }

  /** Everything but the body: what the Mail screen lists. */
  const metadata = {
    id: mailMessages.id,
    template: mailMessages.template,
    toAddress: mailMessages.toAddress,
    subject: mailMessages.subject,
    status: mailMessages.status,
    attempts: mailMessages.attempts,
    lastError: mailMessages.lastError,
    createdAt: mailMessages.createdAt,
    sentAt: mailMessages.sentAt,
    bodyErasedAt: mailMessages.bodyErasedAt,
  };

  return {
    async insert(row: typeof mailMessages.$inferInsert, tx: DbOrTx = db) {
      const [inserted] = await tx.insert(mailMessages).values(row).returning({ id: mailMessages.id });
      return inserted!.id;
    },

    async findById(id: number, tx: DbOrTx = db) {
      const [row] = await tx.select().from(mailMessages).where(eq(mailMessages.id, id)).limit(1);
      return row ?? null;
    },

    /** Committed before the SMTP transaction starts; counts the attempt. */
    async markSending(id: number, tx: DbOrTx = db) {
      await tx
        .update(mailMessages)
        .set({ status: 'sending', attempts: sql`${mailMessages.attempts} + 1` })
        .where(eq(mailMessages.id, id));
    },

    async markDelivered(id: number, status: 'sent' | 'kept', tx: DbOrTx = db) {
      await tx
        .update(mailMessages)
        .set({ status, sentAt: sql`now()`, lastError: null })
        .where(eq(mailMessages.id, id));
    },

    async markAttemptFailed(id: number, error: string, final: boolean, tx: DbOrTx = db) {
      await tx
        .update(mailMessages)
        .set({ lastError: error.slice(0, 2000), status: final ? 'failed' : 'queued' })
        .where(eq(mailMessages.id, id));
    },

    /** Newest first; the id breaks ties between messages of the same instant. */
    findPage(filters: MailMessageFilters, page: { limit: number; offset: number }, tx: DbOrTx = db) {
      return tx
        .select(metadata)
        .from(mailMessages)
        .where(whereOf(filters))
        .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
        .limit(page.limit)
        .offset(page.offset);
    },

    async count(filters: MailMessageFilters, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx.select({ value: count() }).from(mailMessages).where(whereOf(filters));
      return row?.value ?? 0;
    },

    async findMetadata(id: number, tx: DbOrTx = db) {
      const [row] = await tx.select(metadata).from(mailMessages).where(eq(mailMessages.id, id)).limit(1);
      return row ?? null;
    },

    /** A failed message back to queued; false when it is not (or no longer) failed. */
    async requeueFailed(id: number, tx: DbOrTx = db): Promise<boolean> {
      const updated = await tx
        .update(mailMessages)
        .set({ status: 'queued' })
        .where(and(eq(mailMessages.id, id), eq(mailMessages.status, 'failed'), isNotNull(mailMessages.html)))
        .returning({ id: mailMessages.id });
      return updated.length > 0;
    },

    /** Rows written before bodies were encrypted (migration 0026), a batch at a time. */
    findClearBodies(afterId: number, limit: number, tx: DbOrTx = db) {
      return tx
        .select({ id: mailMessages.id, html: mailMessages.html, text: mailMessages.text })
        .from(mailMessages)
        .where(
          and(
            gt(mailMessages.id, afterId),
            isNotNull(mailMessages.html),
            not(sql`${mailMessages.html} like ${`${ENCRYPTED_BODY_PREFIX}%`}`),
          ),
        )
        .orderBy(mailMessages.id)
        .limit(limit);
    },

    /**
     * Replaces a clear body with its ciphertext, only if the row still holds that clear body: two
     * processes starting at once never overwrite each other's work with a stale value.
     */
    async replaceClearBody(
      id: number,
      clear: { html: string; text: string },
      encrypted: { html: string; text: string },
      tx: DbOrTx = db,
    ): Promise<void> {
      await tx
        .update(mailMessages)
        .set(encrypted)
        .where(and(eq(mailMessages.id, id), eq(mailMessages.html, clear.html), eq(mailMessages.text, clear.text)));
    },

    /** Erases the bodies of messages delivered (sent, or kept without SMTP) before `deliveredBefore`. */
    async eraseDeliveredBodies(deliveredBefore: Date, tx: DbOrTx = db): Promise<number> {
      const erased = await tx
        .update(mailMessages)
        .set({ html: null, text: null, bodyErasedAt: sql`now()` })
        .where(
          and(
            inArray(mailMessages.status, ['sent', 'kept']),
            lt(mailMessages.sentAt, deliveredBefore),
            isNotNull(mailMessages.html),
          ),
        )
        .returning({ id: mailMessages.id });
      return erased.length;
    },
  };
}
