import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { BACKGROUND_REQUEST_HEADER } from '@ledgerport/shared';
import { auditEvents, sessions, users } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createUser } from '../../../testing/factories.js';
import { bearer, refreshCookieFrom, signIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { REFRESH_COOKIE } from '../auth.routes.js';

const AUTHENTICATE = '/api/v1/authentication/account/authenticate';
const REFRESH = '/api/v1/authentication/account/refresh-jwt-tokens';
const LOGOUT = '/api/v1/authentication/account/logout';
const ME = '/api/v1/identity/users/me';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_IP: '10' });
  await seedDemoFirm(t.database.db);
});
afterAll(() => t.close());

const authenticate = (usernameOrEmailAddress: string, password: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: AUTHENTICATE, payload: { usernameOrEmailAddress, password }, remoteAddress });

describe('POST authentication/account/authenticate', () => {
  it('signs in with the e-mail address and answers with the session user, tokens and permissions', async () => {
    const response = await authenticate('b1g1_advisor@gmail.com', 'Group1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json();
    expect(body.resultType).toBe(1);
    expect(body.errorMessage).toBeNull();
    expect(body.user).toMatchObject({
      firstName: 'Batch1',
      lastName: 'Group1',
      username: 'b1g1_advisor',
      emailAddress: 'b1g1_advisor@gmail.com',
      roles: ['advisor'],
      departmentId: null,
      isTaxEmployee: false,
      isLeadOnboardingCompleted: true,
      leadIdHash: null,
    });
    expect(body.user.jwtToken.accessToken.split('.')).toHaveLength(3);
    expect(body.user.jwtToken.refreshToken.length).toBeGreaterThanOrEqual(43);
    expect(body.permissions).toContain('client');
    expect(body.user).not.toHaveProperty('passwordHash');

    const cookie = response.headers['set-cookie'];
    const header = (Array.isArray(cookie) ? cookie : [cookie]).find((c) => c?.startsWith(`${REFRESH_COOKIE}=`))!;
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Secure');
    expect(header).toContain('Path=/api/v1/authentication/account');
    expect(refreshCookieFrom(cookie)).toBe(body.user.jwtToken.refreshToken);
  });

  it('signs in with the username, case-insensitively, and marks a tax employee', async () => {
    const body = (await authenticate('B1G1_EMPLOYEE', 'Group1')).json();
    expect(body.resultType).toBe(1);
    expect(body.user.roles).toEqual(['employee']);
    expect(body.user.isTaxEmployee).toBe(true);
    expect(body.user.departmentId).toEqual(expect.any(Number));
  });

  it('gives an unknown user and a wrong password the same answer, without tokens', async () => {
    const unknown = await authenticate('nobody@example.com', 'Group1', '10.0.0.2');
    const wrong = await authenticate('b1g2_admin@gmail.com', 'Wrong1', '10.0.0.2');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({
      resultType: 2,
      errorMessage: 'Username or password is incorrect',
      user: null,
      permissions: [],
    });
    expect(refreshCookieFrom(wrong.headers['set-cookie'])).toBeUndefined();
  });

  it('answers 4 for a deactivated user whose password is right, and 2 when it is wrong', async () => {
    const user = await createUser(t.database.db, { role: 'client', isActive: false, password: 'Inactive1' });
    const right = (await authenticate(user.emailAddress, 'Inactive1', '10.0.0.3')).json();
    expect(right.resultType).toBe(4);
    expect(right.user).toBeNull();
    const wrong = (await authenticate(user.emailAddress, 'Nope123', '10.0.0.3')).json();
    expect(wrong.resultType).toBe(2);
  });

  it('throttles failed sign-ins per account with 429 and Retry-After, even with the right password', async () => {
    const user = await createUser(t.database.db, { password: 'Throttle1' });
    for (let i = 0; i < 3; i++)
      expect((await authenticate(user.username, 'Wrong999', '10.0.1.1')).json().resultType).toBe(2);
    const blocked = await authenticate(user.username, 'Throttle1', '10.0.1.2');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().error.code).toBe('TOO_MANY_REQUESTS');
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'auth.sign-in.throttled'));
    expect(events.length).toBeGreaterThan(0);
  });

  it('counts the username and the e-mail address of one account against one budget (issue 17 item 5)', async () => {
    const user = await createUser(t.database.db, { password: 'OneBudget1' });
    // Three wrong guesses (the limit here), spread over every spelling of the same account.
    for (const login of [user.username, user.emailAddress, `  ${user.emailAddress.toUpperCase()} `]) {
      expect((await authenticate(login, 'Wrong999', '10.0.4.1')).json().resultType).toBe(2);
    }
    // Blocked by every spelling, from another address, even with the right password.
    for (const login of [user.username, user.emailAddress.toUpperCase()]) {
      const blocked = await authenticate(login, 'OneBudget1', '10.0.4.2');
      expect(blocked.statusCode).toBe(429);
    }
  });

  it('throttles an unknown login by its normalised text, with the same answers as a known one', async () => {
    for (const login of ['Ghost@Example.com', 'ghost@example.com ', 'GHOST@EXAMPLE.COM']) {
      expect((await authenticate(login, 'Wrong999', '10.0.5.1')).json().resultType).toBe(2);
    }
    expect((await authenticate('ghost@example.com', 'Wrong999', '10.0.5.2')).statusCode).toBe(429);
    // Another unknown login has its own budget.
    expect((await authenticate('ghost2@example.com', 'Wrong999', '10.0.5.2')).statusCode).toBe(200);
  });

  it('throttles failed sign-ins per IP address across accounts', async () => {
    for (let i = 0; i < 10; i++) await authenticate(`someone${i}@example.com`, 'Wrong999', '10.0.2.1');
    const blocked = await authenticate('b1g3_admin@gmail.com', 'Group3', '10.0.2.1');
    expect(blocked.statusCode).toBe(429);
    // Another address is not affected.
    expect((await authenticate('b1g3_admin@gmail.com', 'Group3', '10.0.2.2')).json().resultType).toBe(1);
  });

  it('records successful and failed sign-ins in the audit trail', async () => {
    await authenticate('b1g3_client@gmail.com', 'Group3', '10.0.3.1');
    await authenticate('b1g3_client@gmail.com', 'Bad1234', '10.0.3.1');
    const rows = await t.database.db.select().from(auditEvents).where(eq(auditEvents.ipAddress, '10.0.3.1'));
    expect(rows.map((r) => r.action).sort()).toEqual(['auth.sign-in.failed', 'auth.sign-in.succeeded']);
    expect(rows.every((r) => r.requestId && r.occurredAt)).toBe(true);
  });

  it('rejects a body without a password with the validation envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: AUTHENTICATE,
      payload: { usernameOrEmailAddress: 'x' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.requestId).toBe(response.headers['x-request-id']);
    expect(body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'password' })]));
  });
});

describe('access tokens', () => {
  it('accepts the bearer token with and without the word Bearer', async () => {
    const session = await signIn(t.app, 'b1g1_supervisor@gmail.com', 'Group1');
    const withWord = await t.app.inject({ method: 'GET', url: ME, headers: bearer(session) });
    const bare = await t.app.inject({ method: 'GET', url: ME, headers: { authorization: session.accessToken } });
    expect(withWord.statusCode).toBe(200);
    expect(bare.statusCode).toBe(200);
    expect(bare.json().emailAddress).toBe('b1g1_supervisor@gmail.com');
  });

  it('refuses a missing, altered or foreign token with 401', async () => {
    const session = await signIn(t.app, 'b1g1_supervisor@gmail.com', 'Group1');
    const altered = `${session.accessToken.slice(0, -2)}xx`;
    for (const authorization of [undefined, `Bearer ${altered}`, 'Bearer not-a-token']) {
      const response = await t.app.inject({ method: 'GET', url: ME, headers: authorization ? { authorization } : {} });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHORIZED');
    }
  });
});

describe('refresh and logout', () => {
  it('rotates the refresh token from the cookie and keeps it out of the body', async () => {
    const session = await signIn(t.app, 'b1g2_client@gmail.com', 'Group2');
    const response = await t.app.inject({
      method: 'GET',
      url: REFRESH,
      cookies: { [REFRESH_COOKIE]: session.refreshToken },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.refreshToken).toBe('');
    expect(body.permissions).toContain('my-upload');
    const rotated = refreshCookieFrom(response.headers['set-cookie']);
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(session.refreshToken);
    const me = await t.app.inject({ method: 'GET', url: ME, headers: bearer(body) });
    expect(me.statusCode).toBe(200);
  });

  it('rotates a refresh token sent in the header for API clients', async () => {
    const session = await signIn(t.app, 'b1g2_client@gmail.com', 'Group2');
    const response = await t.app.inject({
      method: 'GET',
      url: REFRESH,
      headers: { 'x-refresh-token': session.refreshToken },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().refreshToken).not.toBe(session.refreshToken);
    expect(response.json().refreshToken.length).toBeGreaterThanOrEqual(43);
  });

  it('never reads the refresh token from the query string', async () => {
    const session = await signIn(t.app, 'b1g2_client@gmail.com', 'Group2');
    const response = await t.app.inject({ method: 'GET', url: `${REFRESH}?refreshToken=${session.refreshToken}` });
    expect(response.statusCode).toBe(401);
  });

  it('revokes the whole session when a spent refresh token is presented again', async () => {
    const session = await signIn(t.app, 'b1g2_employee@gmail.com', 'Group2');
    const headers = (token: string) => ({ 'x-refresh-token': token });
    const first = await t.app.inject({ method: 'GET', url: REFRESH, headers: headers(session.refreshToken) });
    expect(first.statusCode).toBe(200);
    const next = first.json();

    const replay = await t.app.inject({ method: 'GET', url: REFRESH, headers: headers(session.refreshToken) });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('INVALID_REFRESH_TOKEN');

    // The legitimate holder's newer tokens die with the family.
    const afterReplay = await t.app.inject({ method: 'GET', url: REFRESH, headers: headers(next.refreshToken) });
    expect(afterReplay.statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: ME, headers: bearer(next) });
    expect(me.statusCode).toBe(401);
    const reuse = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'auth.refresh-token.reused'));
    expect(reuse.length).toBe(1);
  });

  it('logout ends the session at once: the access token and the refresh token stop working', async () => {
    const session = await signIn(t.app, 'b1g3_employee@gmail.com', 'Group3');
    const logout = await t.app.inject({ method: 'POST', url: LOGOUT, headers: bearer(session) });
    expect(logout.statusCode).toBe(204);
    expect(String(logout.headers['set-cookie'])).toMatch(new RegExp(`${REFRESH_COOKIE}=;`));
    expect((await t.app.inject({ method: 'GET', url: ME, headers: bearer(session) })).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'GET',
      url: REFRESH,
      headers: { 'x-refresh-token': session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, session.userId));
    expect(row?.revokedReason).toBe('logout');
  });

  it('ends the sessions of a user who is deactivated', async () => {
    const user = await createUser(t.database.db, { password: 'Active12' });
    const session = await signIn(t.app, user.username, 'Active12');
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await t.app.inject({ method: 'GET', url: ME, headers: bearer(session) })).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'GET',
      url: REFRESH,
      headers: { 'x-refresh-token': session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });
});

describe('background requests (BACKGROUND_REQUEST_HEADER)', () => {
  const background = { [BACKGROUND_REQUEST_HEADER]: '1' };

  /** A fresh staff user's one session, last used `minutes` ago (the staff idle limit is 30 minutes). */
  async function sessionUnusedFor(minutes: number) {
    const user = await createUser(t.database.db, { role: 'employee', password: 'Backgr12' });
    const session = await signIn(t.app, user.username, 'Backgr12');
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - make_interval(mins => ${minutes})` })
      .where(eq(sessions.userId, user.id));
    const lastSeenAt = async () =>
      (await t.database.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.userId, user.id)))[0]!
        .at;
    return { session, lastSeenAt, before: await lastSeenAt() };
  }

  it('answers a background request as usual without counting it as activity; an ordinary one counts', async () => {
    const { session, lastSeenAt, before } = await sessionUnusedFor(10);
    const polled = await t.app.inject({ method: 'GET', url: ME, headers: { ...bearer(session), ...background } });
    expect(polled.statusCode).toBe(200);
    expect(await lastSeenAt()).toEqual(before);

    const used = await t.app.inject({ method: 'GET', url: ME, headers: bearer(session) });
    expect(used.statusCode).toBe(200);
    expect((await lastSeenAt()).getTime() - before.getTime()).toBeGreaterThan(9 * 60_000);
  });

  it('a background refresh rotates the token without counting as activity; an ordinary one counts', async () => {
    const { session, lastSeenAt, before } = await sessionUnusedFor(10);
    const refreshed = await t.app.inject({
      method: 'GET',
      url: REFRESH,
      headers: { 'x-refresh-token': session.refreshToken, ...background },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().refreshToken).not.toBe(session.refreshToken);
    expect(await lastSeenAt()).toEqual(before);

    const ordinary = await t.app.inject({
      method: 'GET',
      url: REFRESH,
      headers: { 'x-refresh-token': refreshed.json().refreshToken },
    });
    expect(ordinary.statusCode).toBe(200);
    expect((await lastSeenAt()).getTime() - before.getTime()).toBeGreaterThan(9 * 60_000);
  });

  it('does not revive a session past its idle limit: a background request and refresh are refused and revoke it', async () => {
    const { session } = await sessionUnusedFor(31);
    const refreshed = await t.app.inject({
      method: 'GET',
      url: REFRESH,
      headers: { 'x-refresh-token': session.refreshToken, ...background },
    });
    expect(refreshed.statusCode).toBe(401);
    const polled = await t.app.inject({ method: 'GET', url: ME, headers: { ...bearer(session), ...background } });
    expect(polled.statusCode).toBe(401);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, session.userId));
    expect(row?.revokedReason).toBe('idle');
  });

  it('takes only the value 1 as background', async () => {
    const { session, lastSeenAt, before } = await sessionUnusedFor(10);
    const other = await t.app.inject({
      method: 'GET',
      url: ME,
      headers: { ...bearer(session), [BACKGROUND_REQUEST_HEADER]: 'yes' },
    });
    expect(other.statusCode).toBe(200);
    expect(await lastSeenAt()).not.toEqual(before);
  });
});
