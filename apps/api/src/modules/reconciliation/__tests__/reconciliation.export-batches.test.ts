import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bankAccounts,
  bankInstitutions,
  bankTransactions,
  clientServices,
  services,
  transactionCategories,
} from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createClient, createUser } from '../../../testing/factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

/**
 * The export reads the account in batches of 1,000 (keyset paging on date desc, id desc). These
 * rows span three batches, and their ids do not follow their dates, so a batch boundary falls in
 * the middle of a run of same-day rows: a wrong key would skip or repeat rows there.
 */
const ROWS = 2_501;
const DAYS = 7;

let t: TestApp;
let admin: SignedIn;
let exportUrl: string;
let inserted: Array<{ id: number; date: string; name: string; category: string | null; amountCents: number }>;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(db());
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  const owner = await createUser(db());
  const client = await createClient(db(), { ownerUserId: owner.id });
  const [bookkeeping] = await db().select({ id: services.id }).from(services).where(eq(services.name, 'bookkeeping'));
  await db().insert(clientServices).values({ clientId: client.id, serviceId: bookkeeping!.id });
  const [institution] = await db()
    .insert(bankInstitutions)
    .values({
      clientId: client.id,
      provider: 'sandbox',
      providerItemId: `export-batches-${client.id}`,
      name: 'Batch Bank',
      accessTokenEncrypted: 'unused: this test never syncs',
    })
    .returning();
  const [account] = await db()
    .insert(bankAccounts)
    .values({
      institutionId: institution!.id,
      clientId: client.id,
      providerAccountId: 'acc-1',
      subtype: 1,
      name: 'Checking',
    })
    .returning();
  const [category] = await db().select({ id: transactionCategories.id }).from(transactionCategories).limit(1);
  // Row i is dated i % 7 days back, so consecutive ids cycle through the week; odd rows are withdrawals.
  await db().execute(sql`
    insert into bank_transactions (account_id, provider_transaction_id, date, name, category_id, amount_cents)
    select ${account!.id}, 'tx-' || i, date '2026-03-20' - (i % ${DAYS}), 'Payee ' || lpad(i::text, 5, '0'),
           case when i % 3 = 0 then ${category!.id}::int end, case when i % 2 = 0 then 100 + i else -(100 + i) end
    from generate_series(1, ${ROWS}) as i`);
  inserted = await db()
    .select({
      id: bankTransactions.id,
      date: bankTransactions.date,
      name: bankTransactions.name,
      category: transactionCategories.name,
      amountCents: bankTransactions.amountCents,
    })
    .from(bankTransactions)
    .leftJoin(transactionCategories, eq(transactionCategories.id, bankTransactions.categoryId))
    .where(eq(bankTransactions.accountId, account!.id));
  exportUrl = `/api/v1/document/clients/${client.id}/institution-accounts/${account!.id}/transactions/export`;
});
afterAll(async () => t?.close());

/** The list's order, worked out here from the rows themselves: newest date first, then highest id. */
const newestFirst = (rows: typeof inserted) =>
  [...rows].sort((a, b) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1));

async function exportedRows(query: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url: exportUrl, headers: bearer(admin), query });
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const values = workbook.getWorksheet('Transactions')!.getSheetValues().filter(Boolean).slice(1) as unknown[][];
  return values.map((r) => ({ date: r[1], name: r[2], category: r[3] ?? '', amount: r[4] }));
}

const asExported = (rows: typeof inserted) =>
  rows.map((r) => ({ date: r.date, name: r.name, category: r.category ?? '', amount: r.amountCents / 100 }));

describe('transactions export across batches', () => {
  it('writes every row of the account once, newest first, across three batches', async () => {
    const rows = await exportedRows();
    expect(rows).toHaveLength(ROWS);
    expect(new Set(rows.map((r) => r.name)).size).toBe(ROWS);
    expect(rows).toEqual(asExported(newestFirst(inserted)));
  });

  it('keeps the filter on every batch', async () => {
    const withdrawals = inserted.filter((r) => r.amountCents < 0);
    expect(withdrawals.length).toBeGreaterThan(1_000);
    const rows = await exportedRows({ isDeposit: 'false' });
    expect(rows).toEqual(asExported(newestFirst(withdrawals)));
  });
});
