import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { mailMessages } from '../../db/schema/index.js';

export type MailRepository = ReturnType<typeof createMailRepository>;

export function createMailRepository({ db }: { db: DbOrTx }) {
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

    /** Newest first, for the developer mailbox. */
    findRecent(limit: number, tx: DbOrTx = db) {
      return tx
        .select({
          id: mailMessages.id,
          toAddress: mailMessages.toAddress,
          subject: mailMessages.subject,
          status: mailMessages.status,
          createdAt: mailMessages.createdAt,
        })
        .from(mailMessages)
        .orderBy(desc(mailMessages.id))
        .limit(limit);
    },
  };
}
