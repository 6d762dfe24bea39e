import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp, type App } from '../../../app.js';
import { roles, sessions, userRoles, users } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createUser } from '../../../testing/factories.js';
import { bearer, signIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

/**
 * ADR 0009: a request's principal (session, user, roles, permissions, firm settings) is read by one
 * prepared statement on every request, with nothing cached in the process. These tests run two app
 * instances on one database, as two API processes would, and check that what one changes applies to
 * the other's very next request: the bound is zero.
 */
const RECEIVED = '/api/v1/document/documents/received?limit=1';
const ME = '/api/v1/identity/users/me';
const LOGOUT = '/api/v1/authentication/account/logout';

let t: TestApp;
let other: App;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  await seedDemoFirm(t.database.db);
  other = await buildApp({ database: t.database, config: t.config, logger: false });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const db = () => t.database.db;

async function employee() {
  const user = await createUser(db(), { role: 'employee' });
  const session = await signIn(t.app, user.username, 'Secret1');
  return { user, session };
}

describe('the principal of each request, across processes', () => {
  it('refuses a signed-out session on the very next request to another process', async () => {
    const { session } = await employee();
    expect((await other.inject({ method: 'GET', url: ME, headers: bearer(session) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: LOGOUT, headers: bearer(session) })).statusCode).toBe(204);
    expect((await other.inject({ method: 'GET', url: ME, headers: bearer(session) })).statusCode).toBe(401);
  });

  it('refuses a deactivated user on the next request', async () => {
    const { user, session } = await employee();
    expect((await other.inject({ method: 'GET', url: ME, headers: bearer(session) })).statusCode).toBe(200);
    await db().update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await other.inject({ method: 'GET', url: ME, headers: bearer(session) })).statusCode).toBe(401);
  });

  it('applies a role change to the next request', async () => {
    const { user, session } = await employee();
    expect((await other.inject({ method: 'GET', url: RECEIVED, headers: bearer(session) })).statusCode).toBe(200);
    const [client] = await db().select({ id: roles.id }).from(roles).where(eq(roles.name, 'client'));
    await db().update(userRoles).set({ roleId: client!.id }).where(eq(userRoles.userId, user.id));
    // A client user may list received documents too, but sees none of the firm's: the scope changed.
    const asClient = await other.inject({ method: 'GET', url: RECEIVED, headers: bearer(session) });
    expect(asClient.statusCode).toBe(200);
    expect(asClient.json().totalCount).toBe(0);
    await db().delete(userRoles).where(eq(userRoles.userId, user.id));
    expect((await other.inject({ method: 'GET', url: RECEIVED, headers: bearer(session) })).statusCode).toBe(403);
  });
});

describe('session activity', () => {
  const lastSeen = async (id: string) =>
    (await db().select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, id)))[0]!.at;

  async function sessionOf(userId: number) {
    const [row] = await db()
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId)))
      .limit(1);
    return row!.id;
  }

  it('writes last activity at most once a minute', async () => {
    const { user, session } = await employee();
    const id = await sessionOf(user.id);
    const earlier = new Date(Date.now() - 30_000);
    await db().update(sessions).set({ lastSeenAt: earlier }).where(eq(sessions.id, id));
    expect((await t.app.inject({ method: 'GET', url: ME, headers: bearer(session) })).statusCode).toBe(200);
    expect((await lastSeen(id)).getTime()).toBe(earlier.getTime());

    await db()
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '2 minutes'` })
      .where(eq(sessions.id, id));
    expect((await t.app.inject({ method: 'GET', url: ME, headers: bearer(session) })).statusCode).toBe(200);
    expect(Date.now() - (await lastSeen(id)).getTime()).toBeLessThan(30_000);
  });
});
