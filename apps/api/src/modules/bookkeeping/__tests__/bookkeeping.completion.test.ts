import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { BookkeepingCompletionDto, BookkeepingCompletionMonthDto } from '@ledgerport/shared';
import {
  bookkeepingRecords,
  clientServices,
  clients,
  services,
  tagGroups,
  tags,
  userRoles,
} from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createDocument } from '../../../testing/documents-factories.js';
import { createClient, createUser } from '../../../testing/factories.js';
import { createRole } from '../../../testing/roles-factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

const COMPLETION = '/api/v1/document/bookkeeping/completion';

let t: TestApp;
let admin: SignedIn;
let clientUser: SignedIn;
let serviceIds: Record<'bookkeeping' | 'tax', number>;
let tagIds: Record<'bankStatement' | 'financialStatements', number>;
/** The tests' own advisor: filtering by it keeps the demo firm's clients out of the counts. */
let advisorId: number;

const db = () => t.database.db;

async function serviceId(name: string) {
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

async function trackerClient(name: string, serviceIdsOfClient = [serviceIds.bookkeeping]) {
  const owner = await createUser(db());
  const client = await createClient(db(), { ownerUserId: owner.id, name });
  await db().update(clients).set({ advisorUserId: advisorId }).where(eq(clients.id, client.id));
  for (const id of serviceIdsOfClient) await db().insert(clientServices).values({ clientId: client.id, serviceId: id });
  return client;
}

const stored = (clientId: number, year: number, month: number, draft: boolean, review: boolean) =>
  db()
    .insert(bookkeepingRecords)
    .values({ clientId, year, month, isQuickBooksDraftDone: draft, isQuickBooksReviewDone: review });

const uploaded = (clientId: number, createdAt: string, tagId: number) =>
  createDocument(db(), t.app.storage, {
    clientId,
    serviceId: serviceIds.bookkeeping,
    creatorUserId: admin.userId,
    tagIds: [tagId],
    createdAt: new Date(createdAt),
  });

/** All four checks of a month: both QuickBooks flags and both kinds of statement. */
async function complete(clientId: number, year: number, month: number) {
  await stored(clientId, year, month, true, true);
  const day = `${year}-${String(month).padStart(2, '0')}-10T12:00:00Z`;
  await uploaded(clientId, day, tagIds.bankStatement);
  await uploaded(clientId, day, tagIds.financialStatements);
}

const completion = (query: Record<string, string>, session: SignedIn = admin) =>
  t.app.inject({ method: 'GET', url: COMPLETION, headers: bearer(session), query });

const monthOf = (body: BookkeepingCompletionDto, year: number, month: number) =>
  body.months.find((m) => m.year === year && m.month === month);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(db());
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  clientUser = await signIn(t.app, 'b1g1_client@gmail.com', 'Group1');
  serviceIds = { bookkeeping: await serviceId('bookkeeping'), tax: await serviceId('tax') };
  tagIds = {
    bankStatement: await mainTagId('bank-statement'),
    financialStatements: await mainTagId('financial-statements'),
  };
  advisorId = (await createUser(db(), { role: 'advisor', firstName: 'Carla', lastName: 'Charts' })).id;
});
afterAll(() => t.close());

describe('GET document/bookkeeping/completion', () => {
  it("counts, per month of the 12 ending with the filters' month, complete rows and each check", async () => {
    const done = await trackerClient('Done Every Month LLC');
    const partial = await trackerClient('Half Done Inc');
    await trackerClient('Nothing Yet Co');
    await trackerClient('Taxes Elsewhere Co', [serviceIds.tax]);
    await complete(done.id, 2024, 5);
    await complete(done.id, 2024, 3);
    // Both QuickBooks checks and a bank statement, but no financial statements: not complete.
    await stored(partial.id, 2024, 5, true, true);
    await uploaded(partial.id, '2024-05-31T23:59:59Z', tagIds.bankStatement);
    // Uploaded on the first of June (UTC): June's, not May's.
    await uploaded(partial.id, '2024-06-01T00:00:00Z', tagIds.financialStatements);
    await stored(partial.id, 2024, 4, true, false);
    // Outside the 12 months: counts nowhere.
    await complete(done.id, 2023, 6);

    const response = await completion({ advisorUserId: String(advisorId), year: '2024', month: '6' });
    expect(response.statusCode).toBe(200);
    const body = response.json() as BookkeepingCompletionDto;
    expect(body.months.map((m) => `${m.year}-${m.month}`)).toEqual([
      '2023-7',
      '2023-8',
      '2023-9',
      '2023-10',
      '2023-11',
      '2023-12',
      '2024-1',
      '2024-2',
      '2024-3',
      '2024-4',
      '2024-5',
      '2024-6',
    ]);
    const month = (rows: number, checks: Partial<BookkeepingCompletionMonthDto> = {}) => ({
      rows,
      complete: 0,
      bankStatementsUploaded: 0,
      quickBooksDraftDone: 0,
      quickBooksReviewDone: 0,
      financialStatementsUploaded: 0,
      ...checks,
    });
    expect(monthOf(body, 2024, 5)).toEqual({
      year: 2024,
      month: 5,
      ...month(3, {
        complete: 1,
        bankStatementsUploaded: 2,
        quickBooksDraftDone: 2,
        quickBooksReviewDone: 2,
        financialStatementsUploaded: 1,
      }),
    });
    expect(monthOf(body, 2024, 4)).toEqual({ year: 2024, month: 4, ...month(3, { quickBooksDraftDone: 1 }) });
    expect(monthOf(body, 2024, 3)).toEqual({
      year: 2024,
      month: 3,
      ...month(3, {
        complete: 1,
        bankStatementsUploaded: 1,
        quickBooksDraftDone: 1,
        quickBooksReviewDone: 1,
        financialStatementsUploaded: 1,
      }),
    });
    expect(monthOf(body, 2024, 6)).toEqual({ year: 2024, month: 6, ...month(3, { financialStatementsUploaded: 1 }) });
    // A month where nothing was done is there, with zeros.
    expect(monthOf(body, 2023, 7)).toEqual({ year: 2023, month: 7, ...month(3) });

    const oneClient = (await completion({ clientId: String(done.id), year: '2024', month: '6' })).json();
    expect(monthOf(oneClient, 2024, 5)).toMatchObject({ rows: 1, complete: 1 });
    expect(monthOf(oneClient, 2024, 4)).toMatchObject({ rows: 1, complete: 0 });
  });

  it('answers 404 for a client the tracker does not list, as its edit does', async () => {
    const taxOnly = await trackerClient('Only Taxes Chart Co', [serviceIds.tax]);
    expect((await completion({ clientId: String(taxOnly.id) })).statusCode).toBe(404);
    expect((await completion({ clientId: '2000000' })).statusCode).toBe(404);
  });

  it('is refused to client users and to a staff role without bookkeeping:list', async () => {
    const client = await trackerClient('Refused Chart LLC');
    expect((await completion({ clientId: String(client.id) }, clientUser)).statusCode).toBe(403);

    const role = await createRole(db(), { permissions: ['client:list'] });
    const user = await createUser(db(), { role: 'employee' });
    await db().delete(userRoles).where(eq(userRoles.userId, user.id));
    await db().insert(userRoles).values({ userId: user.id, roleId: role.id });
    const session = await signIn(t.app, user.username, user.password);
    expect((await completion({}, session)).statusCode).toBe(403);
  });

  it('refuses a month that is not one', async () => {
    expect((await completion({ year: '2024', month: '13' })).statusCode).toBe(400);
  });
});
