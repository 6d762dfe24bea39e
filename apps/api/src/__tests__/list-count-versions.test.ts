import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REQUEST_STATUS } from '@ledgerport/shared';
import { buildApp, type App } from '../app.js';
import { clientServices, conversationReads, listVersions, requests, services } from '../db/schema/index.js';
import { seedDemoFirm } from '../db/seed/demo.js';
import { chooseCurrentClient, createClient, createUser } from '../testing/factories.js';
import { bearer, signIn, type SignedIn } from '../testing/session.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { insertRequest } from '../modules/requests/__tests__/requests-fixtures.js';

/**
 * Issue 26 keeps the inbox's and the requests list's counts under list versions, as ADR 0009 keeps
 * the documents' (migration 0045). Two app instances on one database stand for two API processes: a
 * count one of them keeps must follow a change made anywhere else (the other process, plain SQL) on
 * its very next request.
 */
const CONVERSATIONS = '/api/v1/document/conversations';
const REQUESTS = '/api/v1/document/requests';

let t: TestApp;
let other: App;
let admin: SignedIn;
let tax: number;

const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  await seedDemoFirm(db());
  other = await buildApp({ database: t.database, config: t.config, logger: false });
  await other.ready();
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  const [row] = await db().select({ id: services.id }).from(services).where(eq(services.name, 'tax'));
  tax = row!.id;
});
afterAll(async () => {
  await other.close();
  await t.close();
});

async function get(app: App, session: SignedIn, url: string) {
  const response = await app.inject({ method: 'GET', url, headers: bearer(session) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function post(app: App, session: SignedIn, url: string, payload: object) {
  const response = await app.inject({ method: 'POST', url, headers: bearer(session), payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const versionOf = async (name: string) =>
  (await db().select({ v: listVersions.version }).from(listVersions).where(eq(listVersions.name, name)))[0]!.v;

async function clientWithOwner() {
  const owner = await createUser(db(), { role: 'client' });
  const client = await createClient(db(), { ownerUserId: owner.id });
  await db().insert(clientServices).values({ clientId: client.id, serviceId: tax });
  await chooseCurrentClient(db(), owner.id, client.id);
  return { clientId: client.id, owner: await signIn(t.app, owner.username, owner.password) };
}

describe('the inbox counts kept under the conversations list version', () => {
  it('follow a message, a read mark and a status change made in another process or in SQL', async () => {
    const inbox = (app: App) => get(app, admin, `${CONVERSATIONS}?status=open&limit=1`);
    const before = await inbox(t.app);
    expect(await inbox(t.app)).toMatchObject({
      totalCount: before.totalCount,
      unreadConversations: before.unreadConversations,
    });

    // A client starts a conversation through the other process: one more open, one more unread.
    const { owner } = await clientWithOwner();
    const versionBefore = await versionOf('conversations');
    const started = await post(other, owner, CONVERSATIONS, { subject: 'Counts', html: '<p>Hello</p>' });
    expect(await versionOf('conversations')).toBeGreaterThan(versionBefore);
    expect(await inbox(t.app)).toMatchObject({
      totalCount: before.totalCount + 1,
      unreadConversations: before.unreadConversations + 1,
    });

    // The admin reads it in the other process: no longer unread here.
    const read = await other.inject({
      method: 'PUT',
      url: `${CONVERSATIONS}/${started.id}/read`,
      headers: bearer(admin),
    });
    expect(read.statusCode, read.body).toBe(200);
    expect((await inbox(t.app)).unreadConversations).toBe(before.unreadConversations);

    // The client writes again (other process), then the read mark goes in plain SQL.
    await post(other, owner, `${CONVERSATIONS}/${started.id}/messages`, { html: '<p>One more thing</p>' });
    expect((await inbox(t.app)).unreadConversations).toBe(before.unreadConversations + 1);
    await db().delete(conversationReads).where(eq(conversationReads.conversationId, started.id));
    expect((await inbox(t.app)).unreadConversations).toBe(before.unreadConversations + 1);

    // Closed in the other process: out of the open total.
    const closed = await other.inject({
      method: 'PUT',
      url: `${CONVERSATIONS}/${started.id}`,
      headers: bearer(admin),
      payload: { status: 'closed' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await inbox(t.app)).totalCount).toBe(before.totalCount);
  });
});

describe('the requests list count kept under the requests list version', () => {
  it('follows a request added, cancelled and removed elsewhere on the next request', async () => {
    const { clientId } = await clientWithOwner();
    const totalOf = async (query: string) => (await get(t.app, admin, `${REQUESTS}?limit=1&${query}`)).totalCount;
    const open = `status=${REQUEST_STATUS.open}`;
    const before = await totalOf(open);
    expect(await totalOf(open)).toBe(before);

    const added = await insertRequest(db(), { clientId, serviceId: tax });
    expect(await totalOf(open)).toBe(before + 1);
    expect(await totalOf(`${open}&search=Fixture`)).toBeGreaterThanOrEqual(1);

    await db().update(requests).set({ status: REQUEST_STATUS.cancelled }).where(eq(requests.id, added.id));
    expect(await totalOf(open)).toBe(before);
    await db().update(requests).set({ status: REQUEST_STATUS.open }).where(eq(requests.id, added.id));
    expect(await totalOf(open)).toBe(before + 1);

    await db().delete(requests).where(eq(requests.id, added.id));
    expect(await totalOf(open)).toBe(before);
  });
});
