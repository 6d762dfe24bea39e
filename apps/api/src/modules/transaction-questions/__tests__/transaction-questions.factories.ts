import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  bankAccounts,
  bankInstitutions,
  bankTransactions,
  clients,
  transactionCategories,
  transactionQuestions,
} from '../../../db/schema/index.js';

/** Makes a business client a reconciliation client (it has used bookkeeping). */
export async function markUsedBookkeeping(db: Db, clientId: number): Promise<void> {
  await db.update(clients).set({ usedBookkeepingServiceAtLeastOnce: true }).where(eq(clients.id, clientId));
}

/**
 * A linked institution with one checking account and `count` transactions, straight in the tables
 * (the questions need transactions, not the link flow). Dated one a day back from 2025-03-20.
 */
export async function insertAccountWithTransactions(
  db: Db,
  clientId: number,
  { count = 3, connectionState = 'healthy' }: { count?: number; connectionState?: string } = {},
) {
  const unique = randomBytes(4).toString('hex');
  const [institution] = await db
    .insert(bankInstitutions)
    .values({
      clientId,
      provider: 'sandbox',
      providerItemId: `questions-${unique}`,
      name: 'First Platypus Bank',
      accessTokenEncrypted: 'v1.not-a-token',
      connectionState,
    })
    .returning({ id: bankInstitutions.id });
  const [account] = await db
    .insert(bankAccounts)
    .values({
      institutionId: institution!.id,
      clientId,
      providerAccountId: `questions-${unique}`,
      subtype: 1,
      name: 'Business Checking',
      mask: '4321',
      currentBalanceCents: 1000_00,
    })
    .returning({ id: bankAccounts.id });
  const transactions = await db
    .insert(bankTransactions)
    .values(
      Array.from({ length: count }, (_, index) => ({
        accountId: account!.id,
        providerTransactionId: `questions-${unique}-${index}`,
        date: `2025-03-${String(20 - index).padStart(2, '0')}`,
        name: `Payment ${index + 1}`,
        amountCents: -(index + 1) * 10_00,
      })),
    )
    .returning({ id: bankTransactions.id });
  return { institutionId: institution!.id, accountId: account!.id, transactionIds: transactions.map((t) => t.id) };
}

/** A waiting question straight in the table (for the matrix and the cross-cutting suites). */
export async function insertQuestion(
  db: Db,
  clientId: number,
  transactionId: number,
  values: Partial<typeof transactionQuestions.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(transactionQuestions)
    .values({ clientId, transactionId, question: 'What was this?', ...values })
    .returning({ id: transactionQuestions.id });
  return row!.id;
}

export async function categoryIds(db: Db): Promise<number[]> {
  const rows = await db.select({ id: transactionCategories.id }).from(transactionCategories);
  return rows.map((row) => row.id);
}
