import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { BookkeepingMonthDto, BookkeepingYearDto, Paged, BookkeepingRowDto } from '@ledgerport/shared';
import {
  bankAccounts,
  bankInstitutions,
  bankTransactions,
  bookkeepingRecords,
  clientCollaboratorServices,
  clientServices,
  clients,
  requestItems,
  requests,
  services,
  tagGroups,
  tags,
  transactionQuestions,
} from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createDocument } from '../../../testing/documents-factories.js';
import { chooseCurrentClient, createClient, createUser } from '../../../testing/factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { monthStatusOf } from '../bookkeeping.service.js';

const MONTHS = '/api/v1/document/bookkeeping/months';

let t: TestApp;
let admin: SignedIn;
let bookkeepingId: number;
let taxId: number;
let tagIds: Record<'bankStatement' | 'financialStatements', number>;
const db = () => t.database.db;

async function idOf(name: string) {
  const [row] = await db().select({ id: services.id }).from(services).where(eq(services.name, name));
  return row!.id;
}
async function mainTagId(name: string) {
  const [row] = await db()
    .select({ id: tags.id })
    .from(tags)
    .innerJoin(tagGroups, eq(tagGroups.id, tags.tagGroupId))
    .where(and(eq(tags.name, name), eq(tagGroups.isMainTagGroup, true)));
  return row!.id;
}

/** A bookkeeping client, its signed-in owner acting for it, and a collaborator granted Tax only. */
async function trackerClient() {
  const owner = await createUser(db(), { role: 'client' });
  const taxOnly = await createUser(db(), { role: 'client' });
  const client = await createClient(db(), { ownerUserId: owner.id, collaboratorUserIds: [taxOnly.id] });
  await db()
    .insert(clientServices)
    .values([
      { clientId: client.id, serviceId: bookkeepingId },
      { clientId: client.id, serviceId: taxId },
    ]);
  await db().insert(clientCollaboratorServices).values({ clientId: client.id, userId: taxOnly.id, serviceId: taxId });
  for (const id of [owner.id, taxOnly.id]) {
    await chooseCurrentClient(db(), id, client.id);
  }
  return {
    id: client.id,
    owner: await signIn(t.app, owner.username, owner.password),
    taxOnly: await signIn(t.app, taxOnly.username, taxOnly.password),
  };
}

async function complete(clientId: number, year: number, month: number) {
  await db()
    .insert(bookkeepingRecords)
    .values({ clientId, year, month, isQuickBooksDraftDone: true, isQuickBooksReviewDone: true });
  const day = new Date(`${year}-${String(month).padStart(2, '0')}-10T12:00:00Z`);
  for (const tagId of [tagIds.bankStatement, tagIds.financialStatements]) {
    await createDocument(db(), t.app.storage, {
      clientId,
      serviceId: bookkeepingId,
      creatorUserId: admin.userId,
      tagIds: [tagId],
      createdAt: day,
    });
  }
}

/** A question waiting on the client about a transaction posted on `date`. */
async function questionOn(clientId: number, date: string) {
  const [institution] = await db()
    .insert(bankInstitutions)
    .values({
      clientId,
      provider: 'sandbox',
      providerItemId: `status-${Math.random()}`,
      name: 'Bank',
      accessTokenEncrypted: 'x',
    })
    .returning({ id: bankInstitutions.id });
  const [account] = await db()
    .insert(bankAccounts)
    .values({ institutionId: institution!.id, clientId, providerAccountId: 'a', subtype: 1, name: 'Checking' })
    .returning({ id: bankAccounts.id });
  const [transaction] = await db()
    .insert(bankTransactions)
    .values({ accountId: account!.id, providerTransactionId: 't', date, name: 'Mystery', amountCents: -1200 })
    .returning({ id: bankTransactions.id });
  await db()
    .insert(transactionQuestions)
    .values({ clientId, transactionId: transaction!.id, question: 'What was this?' });
}

const yearOf = async (session: SignedIn, query: Record<string, string>) => {
  const response = await t.app.inject({ method: 'GET', url: MONTHS, headers: bearer(session), query });
  return response;
};
const monthOf = (body: BookkeepingYearDto, month: number) => body.months.find((m) => m.month === month)!;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  await seedDemoFirm(db());
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  bookkeepingId = await idOf('bookkeeping');
  taxId = await idOf('tax');
  tagIds = {
    bankStatement: await mainTagId('bank-statement'),
    financialStatements: await mainTagId('financial-statements'),
  };
});
afterAll(() => t.close());

describe('the month status (issue 24 item 3)', () => {
  const checks = (done: boolean, statements = done) => ({
    bankStatementsUploaded: statements,
    quickBooksDraftDone: done,
    quickBooksReviewDone: done,
    financialStatementsUploaded: done,
  });
  const none = { openQuestions: 0, openRequestItems: 0 };
  const may2024 = { year: 2024, month: 5 };
  const now = new Date('2024-07-15T00:00:00Z');

  it('is derived from what exists, in the order the client needs', () => {
    expect(monthStatusOf(may2024, checks(true), none, now)).toBe('closed');
    expect(monthStatusOf(may2024, checks(true), { openQuestions: 1, openRequestItems: 0 }, now)).toBe('waiting-on-you');
    expect(monthStatusOf(may2024, checks(false, false), { openQuestions: 0, openRequestItems: 2 }, now)).toBe(
      'waiting-on-you',
    );
    expect(monthStatusOf(may2024, checks(false, false), none, now)).toBe('collecting');
    expect(monthStatusOf(may2024, checks(false, true), none, now)).toBe('in-progress');
    expect(monthStatusOf({ year: 2024, month: 8 }, checks(false), none, now)).toBe('upcoming');
  });

  it('gives the client their year month by month, with what each waits for; staff name the client', async () => {
    const client = await trackerClient();
    await complete(client.id, 2024, 3);
    await complete(client.id, 2024, 5);
    await questionOn(client.id, '2024-05-20');
    await createDocument(db(), t.app.storage, {
      clientId: client.id,
      serviceId: bookkeepingId,
      creatorUserId: admin.userId,
      tagIds: [tagIds.bankStatement],
      createdAt: new Date('2024-06-03T10:00:00Z'),
    });
    const [request] = await db()
      .insert(requests)
      .values({
        clientId: client.id,
        serviceId: bookkeepingId,
        title: 'April receipts',
        dueDate: '2024-04-30',
        creatorUserId: admin.userId,
      })
      .returning({ id: requests.id });
    await db().insert(requestItems).values({ requestId: request!.id, position: 0, title: 'Receipts', kind: 1 });

    const answer = await yearOf(client.owner, { year: '2024' });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json() as BookkeepingYearDto;
    expect(body.client.id).toBe(client.id);
    expect(body.months.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(monthOf(body, 3)).toMatchObject({ status: 'closed', openQuestions: 0 });
    expect(monthOf(body, 4)).toMatchObject<Partial<BookkeepingMonthDto>>({
      status: 'waiting-on-you',
      openRequestItems: 1,
    });
    expect(monthOf(body, 5)).toMatchObject({
      status: 'waiting-on-you',
      openQuestions: 1,
      financialStatementsUploaded: true,
    });
    expect(monthOf(body, 6)).toMatchObject({ status: 'in-progress', bankStatementsUploaded: true });
    expect(monthOf(body, 7)).toMatchObject({ status: 'collecting', bankStatementsUploaded: false });

    const staff = await yearOf(admin, { year: '2024', clientId: String(client.id) });
    expect(staff.json()).toEqual(body);
    expect((await yearOf(admin, { year: '2024' })).statusCode).toBe(400);

    // The tracker shows the status beside its checks.
    const tracker = await t.app.inject({
      method: 'GET',
      url: '/api/v1/document/bookkeeping',
      headers: bearer(admin),
      query: { clientId: String(client.id), year: '2024', month: '5' },
    });
    expect((tracker.json() as Paged<BookkeepingRowDto>).items.map((row) => row.monthStatus)).toEqual([
      'waiting-on-you',
    ]);
  });

  it("answers 404 for another client's year and to a collaborator not granted Bookkeeping", async () => {
    const client = await trackerClient();
    const other = await trackerClient();
    expect((await yearOf(other.owner, { clientId: String(client.id) })).statusCode).toBe(404);
    expect((await yearOf(client.taxOnly, {})).statusCode).toBe(404);
    // A client that never had bookkeeping is nobody's tracker client.
    const owner = await createUser(db(), { role: 'client' });
    const taxClient = await createClient(db(), { ownerUserId: owner.id });
    await chooseCurrentClient(db(), owner.id, taxClient.id);
    await db().update(clients).set({ usedBookkeepingServiceAtLeastOnce: false }).where(eq(clients.id, taxClient.id));
    expect((await yearOf(await signIn(t.app, owner.username, owner.password), {})).statusCode).toBe(404);
  });
});
