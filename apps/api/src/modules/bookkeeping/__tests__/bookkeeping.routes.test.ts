import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents, clientServices, clients, services, tagGroups, tags } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createDocument } from '../../../testing/documents-factories.js';
import { createClient, createUser } from '../../../testing/factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

const BOOKKEEPING = '/api/v1/document/bookkeeping';

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let clientUser: SignedIn;
let serviceIds: Record<'bookkeeping' | 'tax', number>;
let tagIds: Record<'bankStatement' | 'financialStatements' | 'annualFinancials' | 'q1' | 'year2024', number>;
/** The tests' own advisor: filtering by it keeps the demo firm's clients out of every list below. */
let advisorId: number;

const db = () => t.database.db;

async function serviceId(name: string) {
  const [row] = await db().select({ id: services.id }).from(services).where(eq(services.name, name));
  return row!.id;
}
async function tagId(name: string, mainGroup: boolean) {
  const [row] = await db()
    .select({ id: tags.id })
    .from(tags)
    .innerJoin(tagGroups, eq(tagGroups.id, tags.tagGroupId))
    .where(and(eq(tags.name, name), eq(tagGroups.isMainTagGroup, mainGroup)));
  return row!.id;
}

/** A client of the tests' advisor, with the given services. */
async function trackerClient(
  name: string,
  options: { services?: number[]; isActive?: boolean; usedBookkeepingServiceAtLeastOnce?: boolean } = {},
) {
  const owner = await createUser(db());
  const client = await createClient(db(), { ownerUserId: owner.id, name, isActive: options.isActive });
  await db()
    .update(clients)
    .set({
      advisorUserId: advisorId,
      usedBookkeepingServiceAtLeastOnce: options.usedBookkeepingServiceAtLeastOnce ?? false,
    })
    .where(eq(clients.id, client.id));
  for (const id of options.services ?? [serviceIds.bookkeeping])
    await db().insert(clientServices).values({ clientId: client.id, serviceId: id });
  return { ...client, ownerUserId: owner.id, ownerFullName: `${owner.firstName} ${owner.lastName}` };
}

async function uploaded(clientId: number, createdAt: string, tagIdsOfDocument: number[]) {
  return createDocument(db(), t.app.storage, {
    clientId,
    serviceId: serviceIds.bookkeeping,
    creatorUserId: admin.userId,
    tagIds: tagIdsOfDocument,
    createdAt: new Date(createdAt),
  });
}

const list = (query: Record<string, string>, session: SignedIn = admin) =>
  t.app.inject({
    method: 'GET',
    url: BOOKKEEPING,
    headers: bearer(session),
    query: { advisorUserId: String(advisorId), ...query },
  });
const insert = (body: object, session: SignedIn = admin) =>
  t.app.inject({ method: 'POST', url: BOOKKEEPING, headers: bearer(session), payload: body });
const edit = (id: number, body: object, session: SignedIn = admin) =>
  t.app.inject({ method: 'PUT', url: `${BOOKKEEPING}/${id}`, headers: bearer(session), payload: body });

const stored = (numberOfAccounts: number, draft = false, review = false) => ({
  numberOfAccounts,
  isQuickBooksDraftDone: draft,
  isQuickBooksReviewDone: review,
});

const rowOf = async (clientId: number, year: number, month: number) => {
  const response = await list({ clientId: String(clientId), year: String(year), month: String(month) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items[0];
};

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(db());
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  employee = await signIn(t.app, 'b1g1_employee@gmail.com', 'Group1');
  clientUser = await signIn(t.app, 'b1g1_client@gmail.com', 'Group1');
  serviceIds = { bookkeeping: await serviceId('bookkeeping'), tax: await serviceId('tax') };
  tagIds = {
    bankStatement: await tagId('bank-statement', true),
    financialStatements: await tagId('financial-statements', true),
    annualFinancials: await tagId('annual-financials', true),
    q1: await tagId('q1', false),
    year2024: await tagId('2024', false),
  };
  advisorId = (await createUser(db(), { role: 'advisor', firstName: 'Tracy', lastName: 'Tracker' })).id;
});
afterAll(() => t.close());

describe('GET document/bookkeeping', () => {
  it('lists clients with the Bookkeeping service (now or before) with id 0 until something is stored', async () => {
    const current = await trackerClient('Ledger Lane LLC');
    const former = await trackerClient('Former Books Inc', {
      services: [serviceIds.tax],
      usedBookkeepingServiceAtLeastOnce: true,
    });
    await trackerClient('Only Taxes Co', { services: [serviceIds.tax] });

    const response = await list({ year: '2024', month: '2' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      totalCount: 2,
      items: [
        {
          id: 0,
          version: '',
          client: {
            id: former.id,
            name: 'Former Books Inc',
            isActive: true,
            owner: { id: former.ownerUserId, fullName: former.ownerFullName },
            advisor: { id: advisorId, fullName: 'Tracy Tracker' },
          },
          numberOfAccounts: 0,
          numberOfBankStatements: 0,
          isBankStatementsUploaded: false,
          isQuickBooksDraftDone: false,
          isQuickBooksReviewDone: false,
          isFinancialStatementsUploaded: false,
          // Nothing in yet, nothing asked of the client.
          monthStatus: 'collecting',
          year: 2024,
          month: 2,
        },
        expect.objectContaining({
          id: 0,
          client: expect.objectContaining({ id: current.id, name: 'Ledger Lane LLC' }),
        }),
      ],
    });
  });

  it('takes in a client whose service is named Bookkeeping after it was given to them', async () => {
    const otherAdvisor = (await createUser(db(), { role: 'advisor' })).id;
    const owner = await createUser(db());
    const client = await createClient(db(), { ownerUserId: owner.id, name: 'Renamed Service Ltd' });
    await db().update(clients).set({ advisorUserId: otherAdvisor }).where(eq(clients.id, client.id));
    const ofOtherAdvisor = async () =>
      (
        (await list({ advisorUserId: String(otherAdvisor), year: '2024', month: '2' })).json().items as Array<{
          client: { id: number };
        }>
      ).map((item) => item.client.id);
    const [{ name } = { name: '' }] = await db()
      .select({ name: services.name })
      .from(services)
      .where(eq(services.id, serviceIds.bookkeeping));
    await db().update(services).set({ name: 'Books' }).where(eq(services.id, serviceIds.bookkeeping));
    try {
      await db().insert(clientServices).values({ clientId: client.id, serviceId: serviceIds.bookkeeping });
      expect(await ofOtherAdvisor()).toEqual([]);
      await db().update(services).set({ name: 'Bookkeeping' }).where(eq(services.id, serviceIds.bookkeeping));
      expect(await ofOtherAdvisor()).toEqual([client.id]);
    } finally {
      await db().update(services).set({ name }).where(eq(services.id, serviceIds.bookkeeping));
    }
  });

  it("derives the statement columns from the client's documents uploaded that month (UTC)", async () => {
    const client = await trackerClient('Statement Counting LLC');
    const other = await trackerClient('Someone Else LLC');
    const bank = [tagIds.bankStatement, tagIds.q1, tagIds.year2024];
    await uploaded(client.id, '2024-03-01T00:00:00.000Z', bank);
    await uploaded(client.id, '2024-03-31T23:59:59.999Z', bank);
    await uploaded(client.id, '2024-02-29T23:59:59.999Z', bank);
    await uploaded(client.id, '2024-04-01T00:00:00.000Z', bank);
    await uploaded(client.id, '2024-03-15T12:00:00.000Z', [tagIds.annualFinancials, tagIds.year2024]);
    await uploaded(client.id, '2024-03-15T12:00:00.000Z', []);
    await uploaded(other.id, '2024-03-10T12:00:00.000Z', bank);
    await uploaded(other.id, '2024-03-10T12:00:00.000Z', [tagIds.financialStatements, tagIds.q1, tagIds.year2024]);

    expect(await rowOf(client.id, 2024, 3)).toMatchObject({
      numberOfBankStatements: 2,
      isBankStatementsUploaded: true,
      isFinancialStatementsUploaded: false,
    });
    // Each month boundary belongs to the month it opens.
    expect(await rowOf(client.id, 2024, 2)).toMatchObject({ numberOfBankStatements: 1 });
    expect(await rowOf(client.id, 2024, 4)).toMatchObject({ numberOfBankStatements: 1 });
    expect(await rowOf(client.id, 2024, 5)).toMatchObject({
      numberOfBankStatements: 0,
      isBankStatementsUploaded: false,
    });
    expect(await rowOf(other.id, 2024, 3)).toMatchObject({
      numberOfBankStatements: 1,
      isBankStatementsUploaded: true,
      isFinancialStatementsUploaded: true,
    });
  });

  it('filters by client, advisor and client status, and sorts and pages in SQL', async () => {
    const active = await trackerClient('Paging Alpha LLC');
    const inactive = await trackerClient('Paging Beta LLC', { isActive: false });
    const third = await trackerClient('Paging Gamma LLC');
    const period = { year: '2023', month: '11' };
    const names = async (query: Record<string, string>) =>
      ((await list({ ...period, ...query })).json().items as Array<{ client: { name: string } }>)
        .map((row) => row.client.name)
        .filter((name) => name.startsWith('Paging'));

    expect((await list({ ...period, clientId: String(inactive.id) })).json()).toMatchObject({
      totalCount: 1,
      items: [{ client: { id: inactive.id, isActive: false } }],
    });
    expect(await names({ isActiveClient: 'false' })).toEqual(['Paging Beta LLC']);
    expect(await names({ isActiveClient: 'true' })).toEqual(['Paging Alpha LLC', 'Paging Gamma LLC']);
    expect(await names({ sortedBy: 'clientName', sortedDesc: 'true' })).toEqual([
      'Paging Gamma LLC',
      'Paging Beta LLC',
      'Paging Alpha LLC',
    ]);

    await insert({ clientId: third.id, year: 2023, month: 11, ...stored(1) });
    await insert({ clientId: active.id, year: 2023, month: 11, ...stored(7) });
    expect(await names({ sortedBy: 'numberOfAccounts', sortedDesc: 'true' })).toEqual([
      'Paging Alpha LLC',
      'Paging Gamma LLC',
      'Paging Beta LLC',
    ]);

    const all = await list(period);
    const total = all.json().totalCount as number;
    const page = await list({ ...period, limit: '2', offset: String(total - 1) });
    expect(page.json().totalCount).toBe(total);
    expect(page.json().items).toHaveLength(1);
  });

  it('defaults to the current month and refuses a year outside 2020 to the current year', async () => {
    const client = await trackerClient('Current Month LLC');
    const now = new Date();
    expect(await list({ clientId: String(client.id) }).then((r) => r.json().items[0])).toMatchObject({
      year: now.getUTCFullYear(),
      month: now.getUTCMonth() + 1,
    });
    for (const query of [
      { year: '2019' } as Record<string, string>,
      { year: String(now.getUTCFullYear() + 2) },
      { month: '13' },
      { month: '0' },
    ]) {
      expect((await list(query)).statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it('is refused to client users', async () => {
    expect((await list({}, clientUser)).statusCode).toBe(403);
  });
});

describe('POST and PUT document/bookkeeping', () => {
  it('creates the row on the first edit, then updates it by id, with an audit event each time', async () => {
    const client = await trackerClient('First Edit LLC');
    const created = await insert({ clientId: client.id, year: 2025, month: 1, ...stored(3, true) }, employee);
    expect(created.statusCode, created.body).toBe(201);
    const record = created.json();
    expect(record).toEqual({
      id: expect.any(Number),
      version: expect.stringMatching(/^\d+$/),
      clientId: client.id,
      year: 2025,
      month: 1,
      ...stored(3, true),
    });
    // The list row carries the version the edit sends back as If-Match.
    expect(await rowOf(client.id, 2025, 1)).toMatchObject({
      id: record.id,
      version: record.version,
      ...stored(3, true),
    });
    // Another month of the same client is still untouched.
    expect(await rowOf(client.id, 2025, 2)).toMatchObject({ id: 0, ...stored(0) });

    const edited = await edit(record.id, { id: record.id, ...stored(4, true, true) }, employee);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await rowOf(client.id, 2025, 1)).toMatchObject({ id: record.id, ...stored(4, true, true) });

    const events = await db()
      .select({ actorUserId: auditEvents.actorUserId, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'bookkeeping.updated'), eq(auditEvents.clientId, client.id)));
    expect(events).toEqual([
      { actorUserId: employee.userId, details: expect.objectContaining({ created: true, numberOfAccounts: 3 }) },
      { actorUserId: employee.userId, details: expect.objectContaining({ created: false, numberOfAccounts: 4 }) },
    ]);
  });

  it('updates the stored row when a second first edit arrives (two screens both showed id 0)', async () => {
    const client = await trackerClient('Raced Edit LLC');
    const first = await insert({ clientId: client.id, year: 2024, month: 6, ...stored(1, true) });
    const second = await insert({ clientId: client.id, year: 2024, month: 6, ...stored(2, true, true) });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    expect(await rowOf(client.id, 2024, 6)).toMatchObject({ id: first.json().id, ...stored(2, true, true) });
  });

  it('refuses a negative number of accounts, a year out of range and a bad month', async () => {
    const client = await trackerClient('Validated LLC');
    const base = { clientId: client.id, year: 2024, month: 7, ...stored(1) };
    for (const body of [
      { ...base, numberOfAccounts: -1 },
      { ...base, numberOfAccounts: 1.5 },
      { ...base, year: 2019 },
      { ...base, year: new Date().getUTCFullYear() + 2 },
      { ...base, month: 13 },
      { ...base, isQuickBooksDraftDone: undefined },
    ]) {
      const response = await insert(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
    const { id } = (await insert(base)).json();
    expect((await edit(id, stored(-1))).statusCode).toBe(400);
    expect((await edit(id, { id: id + 1, ...stored(1) })).statusCode).toBe(400);
    expect(await rowOf(client.id, 2024, 7)).toMatchObject({ id, numberOfAccounts: 1 });
  });

  it('answers 404 for a client outside the tracker and for an unknown row', async () => {
    const taxOnly = await trackerClient('Tax Only Edit Co', { services: [serviceIds.tax] });
    expect((await insert({ clientId: taxOnly.id, year: 2024, month: 1, ...stored(1) })).statusCode).toBe(404);
    expect((await insert({ clientId: 2_000_000, year: 2024, month: 1, ...stored(1) })).statusCode).toBe(404);
    expect((await edit(2_000_000, stored(1))).statusCode).toBe(404);
  });

  it('is refused to client users', async () => {
    const client = await trackerClient('Client Refused LLC');
    expect((await insert({ clientId: client.id, year: 2024, month: 1, ...stored(1) }, clientUser)).statusCode).toBe(
      403,
    );
  });
});
