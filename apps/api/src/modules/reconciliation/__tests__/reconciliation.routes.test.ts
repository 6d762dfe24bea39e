import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_SUBTYPE,
  CLIENT_TYPE,
  type BalanceDto,
  type InstitutionAccountsResponse,
  type TransactionDto,
} from '@ledgerport/shared';
import {
  auditEvents,
  bankInstitutions,
  bankTransactions,
  clientCollaboratorServices,
  clientServices,
  clients,
  jobs,
  notifications,
  services,
} from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { chooseCurrentClient, createClient, createUser } from '../../../testing/factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

const API = '/api/v1/document';

let t: TestApp;
let admin: SignedIn;
let bookkeepingServiceId: number;
const db = () => t.database.db;

interface ClientWithOwner {
  id: number;
  name: string;
  owner: SignedIn;
  ownerUserId: number;
}

/** A business client (with the Bookkeeping service unless told otherwise) and its signed-in owner. */
async function bookkeepingClient(
  options: { bookkeeping?: boolean; usedBefore?: boolean; clientType?: 1 | 2; collaboratorUserIds?: number[] } = {},
): Promise<ClientWithOwner> {
  const owner = await createUser(db());
  const client = await createClient(db(), {
    ownerUserId: owner.id,
    clientType: options.clientType ?? CLIENT_TYPE.business,
    collaboratorUserIds: options.collaboratorUserIds,
  });
  if (options.bookkeeping ?? true) {
    await db().insert(clientServices).values({ clientId: client.id, serviceId: bookkeepingServiceId });
  }
  if (options.usedBefore) {
    await db().update(clients).set({ usedBookkeepingServiceAtLeastOnce: true }).where(eq(clients.id, client.id));
  }
  await chooseCurrentClient(db(), owner.id, client.id);
  return {
    id: client.id,
    name: client.name,
    ownerUserId: owner.id,
    owner: await signIn(t.app, owner.username, owner.password),
  };
}

const get = (url: string, session: SignedIn = admin, query?: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers: bearer(session), query });
const post = (url: string, payload: object | undefined, session: SignedIn = admin) =>
  t.app.inject({ method: 'POST', url, headers: bearer(session), payload });

/** The browser's sandbox link flow: link token → sandbox login → public token → link. */
async function link(
  clientId: number,
  options: { subtype?: 1 | 2; institutionId?: string; username?: string; session?: SignedIn } = {},
) {
  const session = options.session ?? admin;
  const token = await post(
    `${API}/clients/${clientId}/institution-accounts/link-token`,
    { subtype: options.subtype ?? ACCOUNT_SUBTYPE.checking },
    session,
  );
  expect(token.statusCode).toBe(200);
  expect(token.json().mode).toBe('sandbox');
  const login = await post(
    `${API}/reconciliation/sandbox/public-token`,
    {
      linkToken: token.json().linkToken,
      institutionId: options.institutionId ?? 'ins_sandbox_platypus',
      username: options.username ?? 'user_good',
      password: 'pass_good',
    },
    session,
  );
  expect(login.statusCode).toBe(200);
  const linked = await post(
    `${API}/clients/${clientId}/institution-accounts`,
    { publicToken: login.json().publicToken },
    session,
  );
  expect(linked.statusCode).toBe(201);
  await t.app.worker.drain();
  const accounts = await get(`${API}/clients/${clientId}/institution-accounts`, session);
  return accounts.json() as InstitutionAccountsResponse;
}

const sync = async (clientId: number, session: SignedIn = admin) => {
  const response = await post(`${API}/clients/${clientId}/institution-accounts/synchronize`, undefined, session);
  expect(response.statusCode).toBe(202);
  await t.app.worker.drain();
};

async function storedRows(accountId: number) {
  return db()
    .select({
      id: bankTransactions.id,
      providerTransactionId: bankTransactions.providerTransactionId,
      name: bankTransactions.name,
      amountCents: bankTransactions.amountCents,
      date: bankTransactions.date,
    })
    .from(bankTransactions)
    .where(eq(bankTransactions.accountId, accountId))
    .orderBy(bankTransactions.id);
}

const transactionsUrl = (clientId: number, accountId: number) =>
  `${API}/clients/${clientId}/institution-accounts/${accountId}/transactions`;

async function allTransactions(clientId: number, accountId: number, query: Record<string, string> = {}) {
  const response = await get(transactionsUrl(clientId, accountId), admin, { limit: '50', ...query });
  expect(response.statusCode).toBe(200);
  const first = response.json() as { items: TransactionDto[]; totalCount: number };
  const items = [...first.items];
  while (items.length < first.totalCount) {
    const next = await get(transactionsUrl(clientId, accountId), admin, {
      limit: '50',
      ...query,
      offset: String(items.length),
    });
    items.push(...(next.json() as { items: TransactionDto[] }).items);
  }
  return { items, totalCount: first.totalCount };
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(db());
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  const [row] = await db().select({ id: services.id }).from(services).where(eq(services.name, 'bookkeeping'));
  bookkeepingServiceId = row!.id;
});
afterAll(async () => t?.close());

describe('client chooser', () => {
  it('lists business clients that use or used bookkeeping, the "currently using" filter narrowing it', async () => {
    const using = await bookkeepingClient();
    const usedBefore = await bookkeepingClient({ bookkeeping: false, usedBefore: true });
    const never = await bookkeepingClient({ bookkeeping: false });
    const personal = await bookkeepingClient({ clientType: CLIENT_TYPE.personal });

    const all = await get(`${API}/clients/business/bookkeeping`, admin, {
      onlyCurrentlyUsingBookkeepingService: 'false',
    });
    expect(all.statusCode).toBe(200);
    const ids = all.json().map((c: { id: number }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([using.id, usedBefore.id]));
    expect(ids).not.toContain(never.id);
    expect(ids).not.toContain(personal.id);
    expect(all.json().find((c: { id: number }) => c.id === usedBefore.id).currentlyUsingBookkeepingService).toBe(false);

    const current = await get(`${API}/clients/business/bookkeeping`, admin, {
      onlyCurrentlyUsingBookkeepingService: 'true',
    });
    const currentIds = current.json().map((c: { id: number }) => c.id);
    expect(currentIds).toContain(using.id);
    expect(currentIds).not.toContain(usedBefore.id);
  });

  it('gives a client user only their own current client, and nothing when it does not qualify', async () => {
    const mine = await bookkeepingClient();
    await bookkeepingClient();
    const own = await get(`${API}/clients/business/bookkeeping`, mine.owner, {
      onlyCurrentlyUsingBookkeepingService: 'false',
    });
    expect(own.json()).toEqual([{ id: mine.id, name: mine.name, currentlyUsingBookkeepingService: true }]);

    const without = await bookkeepingClient({ bookkeeping: false });
    const none = await get(`${API}/clients/business/bookkeeping`, without.owner);
    expect(none.json()).toEqual([]);
  });
});

describe('linking and synchronising', () => {
  let client: ClientWithOwner;
  let checkingId: number;

  beforeAll(async () => {
    client = await bookkeepingClient();
    const afterChecking = await link(client.id);
    const afterCard = await link(client.id, {
      subtype: ACCOUNT_SUBTYPE.creditCard,
      institutionId: 'ins_sandbox_tattersall',
    });
    expect(afterChecking.institutionAccounts).toHaveLength(1);
    checkingId = afterChecking.institutionAccounts[0]!.id;
    expect(afterCard.institutionAccounts.map((a) => [a.subtype, a.institution.name])).toEqual([
      [ACCOUNT_SUBTYPE.checking, 'First Platypus Bank'],
      [ACCOUNT_SUBTYPE.creditCard, 'Tattersall Federal Credit Union'],
    ]);
  });

  it('shows checking and credit-card accounts with net cash per currency and the last sync time', async () => {
    const response = await get(`${API}/clients/${client.id}/institution-accounts`);
    const body = response.json() as InstitutionAccountsResponse;
    const [checking, card] = body.institutionAccounts;
    expect(checking!.mask).toMatch(/^\d{4}$/);
    expect(checking!.currentBalance).toBeGreaterThan(0);
    expect(card!.currentBalance).toBeLessThanOrEqual(0);
    expect(body.netCash).toEqual([
      { value: Math.round((checking!.currentBalance + card!.currentBalance) * 100) / 100, isoCurrencyCode: 'USD' },
    ]);
    expect(body.client).toMatchObject({ id: client.id, currentlyUsingBookkeepingService: true });
    expect(body.client.plaidLastSyncTime).not.toBeNull();
    expect(body.isSyncing).toBe(false);
    expect(body.mode).toBe('sandbox');
  });

  it('loads two years of categorised transactions on the first sync', async () => {
    const rows = await storedRows(checkingId);
    expect(rows.length).toBeGreaterThan(500);
    const dates = rows.map((r) => r.date).sort();
    const spanDays = (Date.parse(dates.at(-1)!) - Date.parse(dates[0]!)) / 86_400_000;
    expect(spanDays).toBeGreaterThan(700);
    const categories = await get(`${API}/transaction-categories`);
    expect(categories.json()).toEqual(expect.arrayContaining([{ value: expect.any(String), displayText: 'Payroll' }]));
  });

  it('keeps the access token encrypted and out of every answer', async () => {
    const [institution] = await db().select().from(bankInstitutions).where(eq(bankInstitutions.clientId, client.id));
    expect(institution!.accessTokenEncrypted).toMatch(/^v1\./);
    expect(institution!.accessTokenEncrypted).not.toContain('access-sandbox');
    const response = await get(`${API}/clients/${client.id}/institution-accounts`);
    expect(response.body).not.toContain('access');
  });

  it('is idempotent: replaying a sync from the same cursor gives the same rows, without duplicates', async () => {
    const [institution] = await db()
      .select()
      .from(bankInstitutions)
      .where(and(eq(bankInstitutions.clientId, client.id), eq(bankInstitutions.name, 'First Platypus Bank')));
    const cursorBefore = institution!.syncCursor;
    await sync(client.id);
    const afterSync = await storedRows(checkingId);
    // The job runs again from the old cursor (as after a crash before the cursor was stored).
    await db()
      .update(bankInstitutions)
      .set({ syncCursor: cursorBefore })
      .where(eq(bankInstitutions.id, institution!.id));
    await sync(client.id);
    expect(await storedRows(checkingId)).toEqual(afterSync);
    const ids = afterSync.map((r) => r.providerTransactionId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('adds new transactions on a later sync and applies modified and removed ones', async () => {
    const before = await storedRows(checkingId);
    const pending = before.find((r) => /^x\d+-0$/.test(r.providerTransactionId));
    const changing = before.find((r) => r.providerTransactionId === pending!.providerTransactionId.replace('-0', '-1'));
    expect(pending).toBeDefined();
    await sync(client.id);
    const after = await storedRows(checkingId);
    expect(after.find((r) => r.providerTransactionId === pending!.providerTransactionId)).toBeUndefined();
    const modified = after.find((r) => r.providerTransactionId === changing!.providerTransactionId);
    expect(modified!.id).toBe(changing!.id);
    expect(modified!.name).not.toBe(changing!.name);
    expect(after.length).toBe(before.length + 1); // two new, one removed
  });

  it('keeps balances consistent: starting + the month amounts = ending, and each month starts where the last ended', async () => {
    const account = (await get(`${API}/clients/${client.id}/institution-accounts/${checkingId}`)).json();
    const now = new Date();
    let previous: BalanceDto | undefined;
    for (let back = 5; back >= 0; back--) {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
      const period = { year: String(d.getUTCFullYear()), month: String(d.getUTCMonth() + 1) };
      const balance = (
        await get(`${API}/clients/${client.id}/institution-accounts/${checkingId}/balance`, admin, period)
      ).json() as BalanceDto;
      const { items } = await allTransactions(client.id, checkingId, period);
      const monthCents = items.reduce((sum, item) => sum + Math.round(item.amount * 100), 0);
      expect(Math.round(balance.startingBalance * 100) + monthCents).toBe(Math.round(balance.endingBalance * 100));
      expect(balance.startingBalanceDate).toBe(`${period.year}-${period.month.padStart(2, '0')}-01`);
      // The running month's ending balance is today's, dated today (UTC); a past month's, its last day.
      const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
      expect(balance.endingBalanceDate).toBe(back === 0 ? new Date().toISOString().slice(0, 10) : lastDay);
      if (previous) expect(balance.startingBalance).toBe(previous.endingBalance);
      previous = balance;
    }
    expect(previous!.endingBalance).toBe(account.currentBalance);
  });

  it('filters the list by name, amount, deposit, month and category, newest first', async () => {
    const all = await allTransactions(client.id, checkingId);
    const dates = all.items.map((i) => i.date);
    expect(dates).toEqual([...dates].sort().reverse());

    const rent = await allTransactions(client.id, checkingId, { name: 'maple court' });
    expect(rent.totalCount).toBeGreaterThan(20);
    expect(rent.items.every((i) => i.name === 'Maple Court Properties Rent' && i.category === 'Rent')).toBe(true);

    const amount = String(Math.abs(rent.items[0]!.amount));
    const byAmount = await allTransactions(client.id, checkingId, { amount });
    expect(byAmount.items.length).toBeGreaterThan(0);
    expect(byAmount.items.every((i) => Math.abs(i.amount) === Number(amount))).toBe(true);

    const deposits = await allTransactions(client.id, checkingId, { isDeposit: 'true' });
    const withdrawals = await allTransactions(client.id, checkingId, { isDeposit: 'false' });
    expect(deposits.items.every((i) => i.amount >= 0)).toBe(true);
    expect(withdrawals.items.every((i) => i.amount < 0)).toBe(true);
    expect(deposits.totalCount + withdrawals.totalCount).toBe(all.totalCount);

    const year = new Date().getUTCFullYear() - 1;
    const march = await allTransactions(client.id, checkingId, { year: String(year), month: '3' });
    expect(march.items.every((i) => i.date.startsWith(`${year}-03-`))).toBe(true);

    const categoryId = String(rent.items[0]!.categoryId);
    const byCategory = await allTransactions(client.id, checkingId, { categoryId });
    expect(byCategory.totalCount).toBe(rent.totalCount);

    const page = await get(transactionsUrl(client.id, checkingId), admin, { limit: '5', offset: '5' });
    expect(page.json().items.map((i: TransactionDto) => i.id)).toEqual(all.items.slice(5, 10).map((i) => i.id));
    const bad = await get(transactionsUrl(client.id, checkingId), admin, { year: '2021' });
    expect(bad.statusCode).toBe(400);
  });

  it('exports the filtered transactions to .xlsx and records it', async () => {
    const year = String(new Date().getUTCFullYear() - 1);
    const query = { year, month: '6', isDeposit: 'false' };
    const expected = await allTransactions(client.id, checkingId, query);
    const response = await get(`${transactionsUrl(client.id, checkingId)}/export`, admin, query);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Transactions')!;
    const rows = sheet.getSheetValues().filter(Boolean).slice(1) as unknown[][];
    expect(rows).toHaveLength(expected.totalCount);
    expect(rows.every((r) => r[6] === 'Withdrawal')).toBe(true);
    expect(rows.map((r) => r[1])).toEqual(expected.items.map((i) => i.date));
    const [event] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'reconciliation.transactions-exported'), eq(auditEvents.clientId, client.id)));
    expect(event).toBeDefined();
  });
});

describe('sync requests', () => {
  it('does not start a second sync while one is queued', async () => {
    const client = await bookkeepingClient();
    await link(client.id);
    const url = `${API}/clients/${client.id}/institution-accounts/synchronize`;
    const first = await post(url, undefined);
    const second = await post(url, undefined, client.owner);
    expect(first.json()).toEqual({ status: 'queued' });
    expect(second.json()).toEqual({ status: 'already-running' });
    const accounts = await get(`${API}/clients/${client.id}/institution-accounts`);
    expect(accounts.json().isSyncing).toBe(true);
    const queued = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, 'reconciliation.sync'), eq(jobs.status, 'pending')));
    expect(queued.filter((j) => (j.payload as { clientId: number }).clientId === client.id)).toHaveLength(1);
    await t.app.worker.drain();
    expect((await post(url, undefined)).json()).toEqual({ status: 'queued' });
    await t.app.worker.drain();
  });
});

describe('connection health', () => {
  it('flags a lapsed login, and reconnecting keeps the accounts and their history', async () => {
    const client = await bookkeepingClient();
    const linked = await link(client.id, { username: 'user_expiring' });
    const account = linked.institutionAccounts[0]!;
    expect(account.needsReauthentication).toBe(false);
    const history = await storedRows(account.id);

    const advisor = await createUser(db(), { role: 'advisor' });
    await db().update(clients).set({ advisorUserId: advisor.id }).where(eq(clients.id, client.id));
    const other = await bookkeepingClient();

    await sync(client.id);
    const flagged = (await get(`${API}/clients/${client.id}/institution-accounts`, client.owner)).json();
    expect(flagged.institutionAccounts[0].needsReauthentication).toBe(true);
    expect(flagged.institutionAccounts[0].institution).toMatchObject({
      needsReauthentication: true,
      connectionState: 'login-required',
      connectionErrorCode: 'ITEM_LOGIN_REQUIRED',
    });
    // The client and its advisor are told once; another sync while it waits tells no one again.
    await sync(client.id);
    const told = await db()
      .select({ userId: notifications.recipientUserId, link: notifications.link, title: notifications.title })
      .from(notifications)
      .where(eq(notifications.kind, 'bankConnectionNeedsAction'));
    const toldHere = told.filter((row) => row.link === `/reconciliations?clientId=${client.id}`);
    expect(toldHere.map((row) => row.userId).sort()).toEqual([client.ownerUserId, advisor.id].sort());
    expect(toldHere[0]!.title).toContain('needs to be reconnected');

    // The firm's list names it; the owner sees their own; another client's owner nothing.
    const CONNECTIONS = `${API}/reconciliation/connections`;
    const firm = (await get(CONNECTIONS)).json() as { items: Array<{ clientId: number; connectionState: string }> };
    expect(firm.items.filter((item) => item.clientId === client.id)).toEqual([
      expect.objectContaining({
        clientId: client.id,
        connectionState: 'login-required',
        institutionName: 'First Platypus Bank',
      }),
    ]);
    expect((await get(CONNECTIONS, client.owner)).json().items).toHaveLength(1);
    expect((await get(CONNECTIONS, other.owner)).json()).toEqual({ items: [] });

    const institutionId = account.institution.id;
    const token = await post(
      `${API}/clients/${client.id}/institution-accounts/institutions/${institutionId}/link-token`,
      undefined,
      client.owner,
    );
    expect(token.statusCode).toBe(200);
    const login = await post(
      `${API}/reconciliation/sandbox/public-token`,
      {
        linkToken: token.json().linkToken,
        institutionId: 'ins_sandbox_platypus',
        username: 'user_good',
        password: 'pass_good',
      },
      client.owner,
    );
    expect(login.statusCode).toBe(200);
    const reconnect = await post(
      `${API}/clients/${client.id}/institution-accounts/institutions/${institutionId}/reconnect`,
      { publicToken: login.json().publicToken },
      client.owner,
    );
    expect(reconnect.statusCode).toBe(204);
    await t.app.worker.drain();

    const after = (await get(`${API}/clients/${client.id}/institution-accounts`, client.owner)).json();
    expect(after.institutionAccounts.map((a: { id: number }) => a.id)).toEqual([account.id]);
    expect(after.institutionAccounts[0].needsReauthentication).toBe(false);
    expect(after.institutionAccounts[0].institution).toMatchObject({
      connectionState: 'healthy',
      connectionErrorCode: null,
    });
    expect((await get(CONNECTIONS, client.owner)).json()).toEqual({ items: [] });
    const rows = await storedRows(account.id);
    expect(rows.slice(0, history.length).map((r) => r.id)).toEqual(history.map((r) => r.id));
    expect(rows.length).toBeGreaterThan(history.length);
  });

  it('refuses wrong sandbox credentials and a link token of another user', async () => {
    const client = await bookkeepingClient();
    const token = await post(`${API}/clients/${client.id}/institution-accounts/link-token`, { subtype: 1 });
    const body = { linkToken: token.json().linkToken, institutionId: 'ins_sandbox_platypus', password: 'pass_good' };
    const bad = await post(`${API}/reconciliation/sandbox/public-token`, { ...body, username: 'user_bad' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('SANDBOX_INVALID_CREDENTIALS');
    const stolen = await post(
      `${API}/reconciliation/sandbox/public-token`,
      { ...body, username: 'user_good' },
      client.owner,
    );
    expect(stolen.statusCode).toBe(400);
    const forged = await post(`${API}/clients/${client.id}/institution-accounts`, {
      publicToken: 'public-sandbox-v1.abc',
    });
    expect(forged.statusCode).toBe(400);
  });

  it('answers 404 on the Plaid webhook when Plaid is not configured', async () => {
    const response = await t.app.inject({ method: 'POST', url: `${API}/reconciliation/plaid/webhook`, payload: {} });
    expect(response.statusCode).toBe(404);
  });
});

describe('access', () => {
  let clientA: ClientWithOwner;
  let clientB: ClientWithOwner;
  let accountA: number;
  let accountB: number;

  beforeAll(async () => {
    clientA = await bookkeepingClient();
    clientB = await bookkeepingClient({ bookkeeping: false, usedBefore: true });
    accountA = (await link(clientA.id, { session: clientA.owner })).institutionAccounts[0]!.id;
    accountB = (await link(clientB.id)).institutionAccounts[0]!.id;
  });

  it('lets a client user see their own accounts and transactions', async () => {
    const own = await get(`${API}/clients/${clientA.id}/institution-accounts`, clientA.owner);
    expect(own.statusCode).toBe(200);
    expect((await get(transactionsUrl(clientA.id, accountA), clientA.owner)).statusCode).toBe(200);
  });

  it("answers 404 for another client's accounts, ids and actions", async () => {
    const urls = [
      `${API}/clients/${clientB.id}/institution-accounts`,
      `${API}/clients/${clientB.id}/institution-accounts/${accountB}`,
      transactionsUrl(clientB.id, accountB),
      `${transactionsUrl(clientB.id, accountB)}/export`,
      `${API}/clients/${clientB.id}/institution-accounts/${accountB}/balance?year=2024&month=1`,
      // Another client's account under one's own client id.
      `${API}/clients/${clientA.id}/institution-accounts/${accountB}`,
      transactionsUrl(clientA.id, accountB),
    ];
    for (const url of urls) expect((await get(url, clientA.owner)).statusCode, url).toBe(404);
    expect((await get(`${API}/clients/${clientA.id}/institution-accounts/${accountB}`)).statusCode).toBe(404);
    const syncB = await post(`${API}/clients/${clientB.id}/institution-accounts/synchronize`, undefined, clientA.owner);
    expect(syncB.statusCode).toBe(404);
    const tokenB = await post(
      `${API}/clients/${clientB.id}/institution-accounts/link-token`,
      { subtype: 1 },
      clientA.owner,
    );
    expect(tokenB.statusCode).toBe(404);
  });

  it('answers 404 for a client that never had bookkeeping, to staff and to its owner', async () => {
    const never = await bookkeepingClient({ bookkeeping: false });
    expect((await get(`${API}/clients/${never.id}/institution-accounts`)).statusCode).toBe(404);
    expect((await get(`${API}/clients/${never.id}/institution-accounts`, never.owner)).statusCode).toBe(404);
    const sync = await post(`${API}/clients/${never.id}/institution-accounts/synchronize`, undefined);
    expect(sync.statusCode).toBe(404);
  });

  it('shows a client user only their current client, and a collaborator only with Bookkeeping granted', async () => {
    // clientA's owner switches to another client of theirs: clientA's accounts are out of reach.
    const other = await createClient(db(), { ownerUserId: clientA.ownerUserId });
    await db().insert(clientServices).values({ clientId: other.id, serviceId: bookkeepingServiceId });
    await chooseCurrentClient(db(), clientA.ownerUserId, other.id);
    expect((await get(`${API}/clients/${clientA.id}/institution-accounts`, clientA.owner)).statusCode).toBe(404);
    await chooseCurrentClient(db(), clientA.ownerUserId, clientA.id);

    const collaborator = await createUser(db());
    const shared = await bookkeepingClient({ collaboratorUserIds: [collaborator.id] });
    await chooseCurrentClient(db(), collaborator.id, shared.id);
    const session = await signIn(t.app, collaborator.username, collaborator.password);
    expect((await get(`${API}/clients/${shared.id}/institution-accounts`, session)).statusCode).toBe(404);
    await db()
      .insert(clientCollaboratorServices)
      .values({ clientId: shared.id, userId: collaborator.id, serviceId: bookkeepingServiceId });
    expect((await get(`${API}/clients/${shared.id}/institution-accounts`, session)).statusCode).toBe(200);
  });
});
