import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TYPE, type AccountBalanceHistoryDto, type NetCashHistoryDto } from '@ledgerport/shared';
import { bankAccounts, bankInstitutions, bankTransactions, clients, userRoles } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { chooseCurrentClient, createClient, createUser } from '../../../testing/factories.js';
import { createRole } from '../../../testing/roles-factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

const API = '/api/v1/document';

let t: TestApp;
let staff: SignedIn;
const db = () => t.database.db;

/** The month `back` months before the current one (UTC), as the charts count. */
function monthBack(back: number) {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  const year = first.getUTCFullYear();
  const month = first.getUTCMonth() + 1;
  return { year, month, day: (d: number) => `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}` };
}

/** A reconciliation client (business, has used bookkeeping) with its signed-in owner as current user. */
async function reconciliationClient() {
  const owner = await createUser(db());
  const client = await createClient(db(), { ownerUserId: owner.id, clientType: CLIENT_TYPE.business });
  await db().update(clients).set({ usedBookkeepingServiceAtLeastOnce: true }).where(eq(clients.id, client.id));
  await chooseCurrentClient(db(), owner.id, client.id);
  return { id: client.id, owner: await signIn(t.app, owner.username, owner.password) };
}

/** A linked account straight in the tables, with the current balance the bank reported, and its transactions. */
async function account(
  clientId: number,
  currentBalanceCents: number,
  transactions: Array<{ date: string; cents: number }>,
  isoCurrencyCode = 'USD',
) {
  const [institution] = await db()
    .insert(bankInstitutions)
    .values({
      clientId,
      provider: 'sandbox',
      providerItemId: `charts-${Math.random().toString(36).slice(2)}`,
      name: 'First Platypus Bank',
      accessTokenEncrypted: 'v1.not-a-token',
    })
    .returning({ id: bankInstitutions.id });
  const [row] = await db()
    .insert(bankAccounts)
    .values({
      institutionId: institution!.id,
      clientId,
      providerAccountId: `acc-${Math.random().toString(36).slice(2)}`,
      subtype: 1,
      name: 'Business Checking',
      mask: '1234',
      currentBalanceCents,
      isoCurrencyCode,
    })
    .returning({ id: bankAccounts.id });
  if (transactions.length > 0) {
    await db()
      .insert(bankTransactions)
      .values(
        transactions.map((tr, i) => ({
          accountId: row!.id,
          providerTransactionId: `tr-${i}`,
          date: tr.date,
          name: `Transaction ${i}`,
          amountCents: tr.cents,
          isoCurrencyCode,
        })),
      );
  }
  return row!.id;
}

const get = (url: string, session: SignedIn = staff) => t.app.inject({ method: 'GET', url, headers: bearer(session) });
const historyUrl = (clientId: number, accountId: number) =>
  `${API}/clients/${clientId}/institution-accounts/${accountId}/balance-history`;
const netCashUrl = (clientId: number) => `${API}/clients/${clientId}/institution-accounts/net-cash-history`;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(db());
  staff = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
});
afterAll(async () => t?.close());

describe("an account's balance history", () => {
  it('sums money in and out per month and derives each ending balance from the current one', async () => {
    const client = await reconciliationClient();
    const thisMonth = monthBack(0);
    const lastMonth = monthBack(1);
    const longAgo = monthBack(11);
    const accountId = await account(client.id, 3450_00, [
      { date: thisMonth.day(1), cents: 1000_00 },
      { date: thisMonth.day(2), cents: -250_50 },
      { date: lastMonth.day(15), cents: 2000_00 },
      { date: lastMonth.day(20), cents: -499_50 },
      { date: longAgo.day(3), cents: 75_25 },
      // Before the 12 months: in no month, and in no balance after it.
      { date: monthBack(12).day(10), cents: 9999_00 },
    ]);

    const response = await get(historyUrl(client.id, accountId));
    expect(response.statusCode).toBe(200);
    const body = response.json() as AccountBalanceHistoryDto;
    expect(body.isoCurrencyCode).toBe('USD');
    expect(body.months).toHaveLength(12);
    expect(body.months[0]).toEqual({
      year: longAgo.year,
      month: longAgo.month,
      // 3450.00 − this month's net (749.50) − last month's net (1500.50)
      endingBalance: 1200,
      moneyIn: 75.25,
      moneyOut: 0,
    });
    expect(body.months[10]).toEqual({
      year: lastMonth.year,
      month: lastMonth.month,
      endingBalance: 2700.5,
      moneyIn: 2000,
      moneyOut: 499.5,
    });
    expect(body.months[11]).toEqual({
      year: thisMonth.year,
      month: thisMonth.month,
      endingBalance: 3450,
      moneyIn: 1000,
      moneyOut: 250.5,
    });
    // Months without a transaction are there, with nothing in or out and the balance unchanged.
    for (const month of body.months.slice(1, 10))
      expect(month).toMatchObject({ endingBalance: 1200, moneyIn: 0, moneyOut: 0 });
  });

  it('has twelve months of zeros and the current balance for an account without transactions', async () => {
    const client = await reconciliationClient();
    const accountId = await account(client.id, 0, []);
    const body = (await get(historyUrl(client.id, accountId))).json() as AccountBalanceHistoryDto;
    expect(body.months).toHaveLength(12);
    expect(body.months.every((m) => m.endingBalance === 0 && m.moneyIn === 0 && m.moneyOut === 0)).toBe(true);
  });

  it("is the client's own for its owner, 404 for another client's owner and for an account of another client", async () => {
    const a = await reconciliationClient();
    const b = await reconciliationClient();
    const accountOfA = await account(a.id, 100_00, [{ date: monthBack(0).day(1), cents: 100_00 }]);
    expect((await get(historyUrl(a.id, accountOfA), a.owner)).statusCode).toBe(200);
    expect((await get(historyUrl(a.id, accountOfA), b.owner)).statusCode).toBe(404);
    expect((await get(historyUrl(b.id, accountOfA), b.owner)).statusCode).toBe(404);
    expect((await get(historyUrl(b.id, accountOfA))).statusCode).toBe(404);
  });
});

describe("a client's net cash history", () => {
  it("adds up the accounts' month-end balances per currency, a credit card's debt counting against", async () => {
    const client = await reconciliationClient();
    const thisMonth = monthBack(0);
    const threeBack = monthBack(3);
    await account(client.id, 5000_00, [
      { date: thisMonth.day(1), cents: 1000_00 },
      { date: threeBack.day(5), cents: 500_00 },
    ]);
    // A credit card: its balance is the holder's debt, negative, and a charge lowers it further.
    await account(client.id, -300_00, [{ date: thisMonth.day(2), cents: -100_00 }]);
    await account(client.id, 200_00, [], 'CAD');

    const response = await get(netCashUrl(client.id));
    expect(response.statusCode).toBe(200);
    const { currencies } = response.json() as NetCashHistoryDto;
    expect(currencies.map((c) => c.isoCurrencyCode).sort()).toEqual(['CAD', 'USD']);
    const usd = currencies.find((c) => c.isoCurrencyCode === 'USD')!.months;
    expect(usd).toHaveLength(12);
    expect(usd[11]).toEqual({ year: thisMonth.year, month: thisMonth.month, netCash: 4700 });
    // Last month: 4700 − this month's net (1000 − 100)
    expect(usd[10]!.netCash).toBe(3800);
    expect(usd[8]).toEqual({ year: threeBack.year, month: threeBack.month, netCash: 3800 });
    expect(usd[7]!.netCash).toBe(3300);
    expect(usd[0]!.netCash).toBe(3300);
    const cad = currencies.find((c) => c.isoCurrencyCode === 'CAD')!.months;
    expect(cad.every((m) => m.netCash === 200)).toBe(true);
  });

  it('is empty for a client without linked accounts', async () => {
    const client = await reconciliationClient();
    expect((await get(netCashUrl(client.id))).json()).toEqual({ currencies: [] });
  });

  it('is 404 for the owner of another client, 403 for a staff role without reconciliation:list', async () => {
    const a = await reconciliationClient();
    const b = await reconciliationClient();
    expect((await get(netCashUrl(a.id), a.owner)).statusCode).toBe(200);
    expect((await get(netCashUrl(a.id), b.owner)).statusCode).toBe(404);

    const role = await createRole(db(), { permissions: ['reconciliation:transaction:list'] });
    const user = await createUser(db(), { role: 'employee' });
    await db().delete(userRoles).where(eq(userRoles.userId, user.id));
    await db().insert(userRoles).values({ userId: user.id, roleId: role.id });
    const limited = await signIn(t.app, user.username, user.password);
    expect((await get(netCashUrl(a.id), limited)).statusCode).toBe(403);
    // The account chart needs only the transactions permission, which this role holds.
    const accountId = await account(a.id, 0, []);
    expect((await get(historyUrl(a.id, accountId), limited)).statusCode).toBe(200);

    const noTransactions = await createRole(db(), { permissions: ['reconciliation:list'] });
    await db().delete(userRoles).where(eq(userRoles.userId, user.id));
    await db().insert(userRoles).values({ userId: user.id, roleId: noTransactions.id });
    expect((await get(historyUrl(a.id, accountId), limited)).statusCode).toBe(403);
  });
});
