import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents, sessions } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createUser } from '../../../testing/factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

const MY_SESSIONS = '/api/v1/identity/users/me/sessions';
const ME = '/api/v1/identity/users/me';
const REFRESH = '/api/v1/authentication/account/refresh-jwt-tokens';

let t: TestApp;
let admin: SignedIn;
let advisor: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  await seedDemoFirm(t.database.db);
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  advisor = await signIn(t.app, 'b1g1_advisor@gmail.com', 'Group1');
});
afterAll(() => t.close());

function get(url: string, session: SignedIn = admin, query: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, query, headers: bearer(session) });
}

function del(url: string, session: SignedIn) {
  return t.app.inject({ method: 'DELETE', url, headers: bearer(session) });
}

describe('sessions', () => {
  async function twoSessionsOfNewUser() {
    const user = await createUser(t.database.db, { role: 'client', password: 'Secret12' });
    const first = await signIn(t.app, user.username, 'Secret12');
    const second = await signIn(t.app, user.username, 'Secret12');
    return { user, first, second };
  }

  const sessionIdOf = async (session: SignedIn) =>
    ((await get(MY_SESSIONS, session)).json() as Array<{ id: string; current: boolean }>).find((s) => s.current)!.id;

  it('lists my active sessions and marks the one I am using', async () => {
    const { first, second } = await twoSessionsOfNewUser();
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/account/authenticate',
      payload: { usernameOrEmailAddress: 'nobody', password: 'x' },
    });
    const response = await get(MY_SESSIONS, first);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list).toHaveLength(2);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(list[0]).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
      expiresAt: expect.any(String),
      ipAddress: expect.any(String),
      userAgent: expect.toSatisfy((value: unknown) => value === null || typeof value === 'string'),
      current: expect.any(Boolean),
    });
    expect(await sessionIdOf(first)).not.toBe(await sessionIdOf(second));
  });

  it('revokes another of my sessions: its access token answers 401 and its refresh token is refused', async () => {
    const { user, first, second } = await twoSessionsOfNewUser();
    const secondId = await sessionIdOf(second);
    expect((await del(`${MY_SESSIONS}/${secondId}`, first)).statusCode).toBe(204);

    expect((await get(ME, second)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'GET',
      url: REFRESH,
      headers: { 'x-refresh-token': second.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await get(ME, first)).statusCode).toBe(200);
    expect((await get(MY_SESSIONS, first)).json()).toHaveLength(1);

    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.session.revoked'), eq(auditEvents.objectId, secondId)));
    expect(event?.actorUserId).toBe(user.id);
    // Revoked already: nothing left to revoke.
    expect((await del(`${MY_SESSIONS}/${secondId}`, first)).statusCode).toBe(404);
  });

  it('revoking the current session signs me out', async () => {
    const { first } = await twoSessionsOfNewUser();
    const id = await sessionIdOf(first);
    expect((await del(`${MY_SESSIONS}/${id}`, first)).statusCode).toBe(204);
    expect((await get(ME, first)).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row?.revokedReason).toBe('logout');
  });

  it("cannot reach someone else's session: 404, and it stays live", async () => {
    const mine = await twoSessionsOfNewUser();
    const theirs = await twoSessionsOfNewUser();
    const theirId = await sessionIdOf(theirs.first);
    expect((await del(`${MY_SESSIONS}/${theirId}`, mine.first)).statusCode).toBe(404);
    expect((await del(`${MY_SESSIONS}/not-a-session`, mine.first)).statusCode).toBe(404);
    expect((await get(ME, theirs.first)).statusCode).toBe(200);
  });

  it("lets an administrator list and end all of a user's sessions", async () => {
    const { user, first, second } = await twoSessionsOfNewUser();
    const USER_SESSIONS = `/api/v1/identity/users/${user.id}/sessions`;
    const listed = await get(USER_SESSIONS, admin);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toHaveLength(2);
    expect(listed.json().every((s: { current: boolean }) => !s.current)).toBe(true);

    expect((await get(USER_SESSIONS, advisor)).statusCode).toBe(403);
    expect((await del(USER_SESSIONS, advisor)).statusCode).toBe(403);
    expect((await del(USER_SESSIONS, admin)).statusCode).toBe(204);

    expect((await get(ME, first)).statusCode).toBe(401);
    expect((await get(ME, second)).statusCode).toBe(401);
    expect((await get(USER_SESSIONS, admin)).json()).toEqual([]);
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.session.revoked'), eq(auditEvents.objectId, String(user.id))));
    expect(event?.actorUserId).toBe(admin.userId);
    expect((event?.details as { sessionIds: string[] }).sessionIds).toHaveLength(2);
    // The user can sign in again afterwards.
    expect((await signIn(t.app, user.username, 'Secret12')).accessToken).toBeTruthy();
  });

  it("lets an administrator end one of a user's sessions, leaving the others signed in", async () => {
    const { user, first, second } = await twoSessionsOfNewUser();
    const secondId = await sessionIdOf(second);
    const ONE = `/api/v1/identity/users/${user.id}/sessions/${secondId}`;

    expect((await del(ONE, advisor)).statusCode).toBe(403);
    expect((await get(ME, second)).statusCode).toBe(200);
    expect((await del(ONE, admin)).statusCode).toBe(204);

    expect((await get(ME, second)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'GET',
      url: REFRESH,
      headers: { 'x-refresh-token': second.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await get(ME, first)).statusCode).toBe(200);
    expect((await get(`/api/v1/identity/users/${user.id}/sessions`, admin)).json()).toHaveLength(1);

    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, secondId));
    expect(row?.revokedReason).toBe('revoked-by-admin');
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.session.revoked'), eq(auditEvents.objectId, secondId)));
    expect(event).toMatchObject({ actorUserId: admin.userId, objectType: 'session', details: { userId: user.id } });
    // Ended already: nothing left to end.
    expect((await del(ONE, admin)).statusCode).toBe(404);
  });

  it("answers 404 for a session that is not that user's, and leaves it live", async () => {
    const mine = await twoSessionsOfNewUser();
    const theirs = await twoSessionsOfNewUser();
    const theirId = await sessionIdOf(theirs.first);
    const revokedBefore = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.session.revoked'), eq(auditEvents.objectId, theirId)));

    const wrongUser = await del(`/api/v1/identity/users/${mine.user.id}/sessions/${theirId}`, admin);
    expect(wrongUser.statusCode).toBe(404);
    // The same answer as for a session that exists nowhere: the pair reveals nothing.
    const nowhere = await del(`/api/v1/identity/users/${mine.user.id}/sessions/not-a-session`, admin);
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().error.code).toBe(wrongUser.json().error.code);
    expect((await del(`/api/v1/identity/users/999999/sessions/${theirId}`, admin)).statusCode).toBe(404);

    expect((await get(ME, theirs.first)).statusCode).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'auth.session.revoked'), eq(auditEvents.objectId, theirId))),
    ).toEqual(revokedBefore);
    expect((await del(`/api/v1/identity/users/0/sessions/${theirId}`, admin)).statusCode).toBe(400);
  });

  it('answers 404 for a user that does not exist', async () => {
    expect((await get('/api/v1/identity/users/999999/sessions', admin)).statusCode).toBe(404);
    expect((await del('/api/v1/identity/users/999999/sessions', admin)).statusCode).toBe(404);
  });
});
