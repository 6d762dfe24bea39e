import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { FIRM_SETTINGS_DEFAULTS, TWO_FACTOR } from '@ledgerport/shared';
import { auditEvents, firmSettings, sessions, twoFactorChallenges, userTwoFactor } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createUser } from '../../../testing/factories.js';
import { bearer, refreshCookieFrom, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { AUDIT_ACTION } from '../../audit/audit.repository.js';
import { REFRESH_COOKIE } from '../../auth/auth.routes.js';

const AUTHENTICATE = '/api/v1/authentication/account/authenticate';
const SECOND_STEP = '/api/v1/authentication/account/authenticate/two-factor';
const REFRESH = '/api/v1/authentication/account/refresh-jwt-tokens';
const STATUS = '/api/v1/identity/two-factor';
const START = '/api/v1/identity/two-factor/enrolment';
const CONFIRM = '/api/v1/identity/two-factor/enrolment/confirm';
const DISABLE = '/api/v1/identity/two-factor/disable';
const SETTINGS = '/api/v1/identity/settings';
const ME = '/api/v1/identity/users/me';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(t.database.db);
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
});
afterAll(() => t.close());

// TOTP codes depend on the clock: the tests own it (Date only; the database keeps real time), start
// each test five seconds into a fresh 30-second step and move it a whole step at a time.
let now = 0;
const period = TWO_FACTOR.periodSeconds * 1000;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  now = (Math.floor(Date.now() / period) + 1) * period + 5000;
  vi.setSystemTime(now);
});
afterEach(() => vi.useRealTimers());
const nextStep = (steps = 1) => {
  now += steps * period;
  vi.setSystemTime(now);
};
/** The code the authenticator app shows `offsetSteps` steps from now. */
const codeAt = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(now / 1000) + offsetSteps * TWO_FACTOR.periodSeconds });

async function newStaffUser() {
  const user = await createUser(t.database.db, { role: 'employee', password: 'Secret1' });
  return { ...user, session: await signIn(t.app, user.username, 'Secret1') };
}

/** Enrols through the API as the user would; leaves the clock one step after the confirming code. */
async function enrol(session: SignedIn) {
  const start = await t.app.inject({ method: 'POST', url: START, headers: bearer(session) });
  expect(start.statusCode).toBe(200);
  const { secret } = start.json();
  const confirm = await t.app.inject({
    method: 'POST',
    url: CONFIRM,
    headers: bearer(session),
    payload: { code: await codeAt(secret) },
  });
  expect(confirm.statusCode).toBe(200);
  nextStep();
  return { secret: secret as string, recoveryCodes: confirm.json().recoveryCodes as string[] };
}

const passwordStep = (login: string, password = 'Secret1') =>
  t.app.inject({ method: 'POST', url: AUTHENTICATE, payload: { usernameOrEmailAddress: login, password } });

async function challengeFor(login: string): Promise<string> {
  const body = (await passwordStep(login)).json();
  expect(body).toMatchObject({ resultType: 1, twoFactorRequired: true, user: null, permissions: [] });
  return body.challengeToken;
}

const secondStep = (payload: Record<string, string>) => t.app.inject({ method: 'POST', url: SECOND_STEP, payload });

describe('enrolment', () => {
  it('starts with a secret, an otpauth URL and a QR code, and turns on with a first code', async () => {
    const { session, emailAddress } = await newStaffUser();
    const start = await t.app.inject({ method: 'POST', url: START, headers: bearer(session) });
    const body = start.json();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUrl).toBe(
      `otpauth://totp/Ledgerport:${encodeURIComponent(emailAddress)}?secret=${body.secret}&issuer=Ledgerport`,
    );
    expect(body.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);

    const [stored] = await t.database.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, session.userId));
    expect(stored!.secretEncrypted).not.toContain(body.secret);
    expect(stored!.enabledAt).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: STATUS, headers: bearer(session) })).json().enabled).toBe(false);

    const wrong = await t.app.inject({
      method: 'POST',
      url: CONFIRM,
      headers: bearer(session),
      payload: { code: await codeAt(body.secret, 3) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('TWO_FACTOR_CODE_INVALID');

    const confirm = await t.app.inject({
      method: 'POST',
      url: CONFIRM,
      headers: bearer(session),
      payload: { code: await codeAt(body.secret) },
    });
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = confirm.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const status = (await t.app.inject({ method: 'GET', url: STATUS, headers: bearer(session) })).json();
    expect(status).toMatchObject({ enabled: true, recoveryCodesRemaining: 10, required: false, mustEnroll: false });
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, AUDIT_ACTION.mfaEnrolled), eq(auditEvents.actorUserId, session.userId)));
    expect(events).toHaveLength(1);

    const again = await t.app.inject({ method: 'POST', url: START, headers: bearer(session) });
    expect(again.statusCode).toBe(409);
  });
});

describe('other sessions end when two-factor sign-in goes on (issue 17 item 6)', () => {
  const RECOVERY_CODES = '/api/v1/identity/two-factor/recovery-codes';
  const works = async (session: SignedIn) =>
    (await t.app.inject({ method: 'GET', url: ME, headers: bearer(session) })).statusCode === 200;
  const refreshes = async (session: SignedIn) =>
    (
      await t.app.inject({
        method: 'GET',
        url: REFRESH,
        headers: { cookie: `${REFRESH_COOKIE}=${session.refreshToken}` },
      })
    ).statusCode === 200;

  it('turning it on ends every other session of the user (token and refresh), keeps the current one, audited', async () => {
    const user = await newStaffUser();
    // Opened before two-factor was on, e.g. on a stolen laptop: it must not outlive the change.
    const other = await signIn(t.app, user.emailAddress, 'Secret1');
    const bystander = await signIn(t.app, 'b1g2_admin@gmail.com', 'Group2');
    expect(await works(other)).toBe(true);

    await enrol(user.session);

    expect(await works(other)).toBe(false);
    expect(await refreshes(other)).toBe(false);
    expect(await works(user.session)).toBe(true);
    // Someone else's session is not touched.
    expect(await works(bystander)).toBe(true);
    const rows = await t.database.db
      .select({ revokedReason: sessions.revokedReason })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(rows.map((r) => r.revokedReason ?? 'live').sort()).toEqual(['live', 'two-factor-enabled']);
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, AUDIT_ACTION.mfaEnrolled), eq(auditEvents.actorUserId, user.id)));
    expect(event?.details).toEqual({ otherSessionsEnded: 1 });
  });

  it('regenerating the recovery codes ends every other session too, keeps the current one, audited', async () => {
    const user = await newStaffUser();
    const { secret } = await enrol(user.session);
    // A second sign-in, with its code, after two-factor went on.
    const second = await secondStep({ challengeToken: await challengeFor(user.username), code: await codeAt(secret) });
    expect(second.statusCode).toBe(200);
    const other = { ...user.session, ...second.json().user.jwtToken } as SignedIn;
    expect(await works(other)).toBe(true);
    nextStep();

    const regenerated = await t.app.inject({
      method: 'POST',
      url: RECOVERY_CODES,
      headers: bearer(user.session),
      payload: { code: await codeAt(secret) },
    });
    expect(regenerated.statusCode).toBe(200);
    expect(regenerated.json().recoveryCodes).toHaveLength(10);

    expect(await works(other)).toBe(false);
    expect(await refreshes(other)).toBe(false);
    expect(await works(user.session)).toBe(true);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, AUDIT_ACTION.mfaRecoveryCodesRegenerated), eq(auditEvents.actorUserId, user.id)),
      );
    expect(events.map((e) => e.details)).toEqual([{ otherSessionsEnded: 1 }]);
  });
});

describe('sign-in with two-factor', () => {
  it('answers a challenge with no session or token, then signs in with the code like a normal sign-in', async () => {
    const { session, username } = await newStaffUser();
    const { secret } = await enrol(session);
    const sessionsBefore = await t.database.db.$count(sessions, eq(sessions.userId, session.userId));

    const first = await passwordStep(username);
    expect(first.statusCode).toBe(200);
    const challenge = first.json();
    expect(Object.keys(challenge).sort()).toEqual(
      ['challengeToken', 'errorMessage', 'permissions', 'resultType', 'twoFactorRequired', 'user'].sort(),
    );
    expect(challenge.challengeToken.length).toBeGreaterThanOrEqual(43);
    expect(refreshCookieFrom(first.headers['set-cookie'])).toBeUndefined();
    expect(await t.database.db.$count(sessions, eq(sessions.userId, session.userId))).toBe(sessionsBefore);

    const response = await secondStep({ challengeToken: challenge.challengeToken, code: await codeAt(secret) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.resultType).toBe(1);
    expect(body.user).toMatchObject({ id: session.userId, username, roles: ['employee'] });
    expect(body.permissions.length).toBeGreaterThan(0);
    expect(refreshCookieFrom(response.headers['set-cookie'])).toBe(body.user.jwtToken.refreshToken);
    const me = await t.app.inject({ method: 'GET', url: ME, headers: bearer(body.user.jwtToken) });
    expect(me.statusCode).toBe(200);

    // The challenge is spent.
    nextStep();
    const reuse = await secondStep({ challengeToken: challenge.challengeToken, code: await codeAt(secret) });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error.code).toBe('TWO_FACTOR_CHALLENGE_INVALID');
  });

  it('refuses a code used once already, even in a new sign-in within its 30 seconds', async () => {
    const { session, username } = await newStaffUser();
    const { secret } = await enrol(session);
    const code = await codeAt(secret);
    expect((await secondStep({ challengeToken: await challengeFor(username), code })).statusCode).toBe(200);
    const replay = await secondStep({ challengeToken: await challengeFor(username), code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('TWO_FACTOR_CODE_INVALID');
  });

  it('accepts one step of clock skew either side, not two', async () => {
    const { session, username } = await newStaffUser();
    const { secret } = await enrol(session);
    nextStep();
    expect(
      (await secondStep({ challengeToken: await challengeFor(username), code: await codeAt(secret, -1) })).statusCode,
    ).toBe(200);
    nextStep(3);
    expect(
      (await secondStep({ challengeToken: await challengeFor(username), code: await codeAt(secret, -2) })).statusCode,
    ).toBe(400);
    expect(
      (await secondStep({ challengeToken: await challengeFor(username), code: await codeAt(secret, 2) })).statusCode,
    ).toBe(400);
    expect(
      (await secondStep({ challengeToken: await challengeFor(username), code: await codeAt(secret, 1) })).statusCode,
    ).toBe(200);
  });

  it('takes each recovery code once, and counts down the remaining ones', async () => {
    const { session, username } = await newStaffUser();
    const { recoveryCodes } = await enrol(session);
    const typed = recoveryCodes[3]!.toUpperCase().replace('-', ' ');
    const response = await secondStep({ challengeToken: await challengeFor(username), recoveryCode: typed });
    expect(response.statusCode).toBe(200);
    const signedIn = response.json().user.jwtToken;
    const status = (await t.app.inject({ method: 'GET', url: STATUS, headers: bearer(signedIn) })).json();
    expect(status.recoveryCodesRemaining).toBe(9);

    const again = await secondStep({ challengeToken: await challengeFor(username), recoveryCode: recoveryCodes[3]! });
    expect(again.statusCode).toBe(400);
    const used = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, AUDIT_ACTION.mfaRecoveryCodeUsed), eq(auditEvents.actorUserId, session.userId)),
      );
    expect(used).toHaveLength(1);
  });

  it('allows five wrong codes in fifteen minutes, then answers 429 with Retry-After even for a right one', async () => {
    const { session, username } = await newStaffUser();
    const { secret } = await enrol(session);
    const challengeToken = await challengeFor(username);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await secondStep({
        challengeToken,
        code: String((Number(await codeAt(secret)) + 1) % 1_000_000).padStart(6, '0'),
      });
      expect(wrong.statusCode).toBe(400);
    }
    const blocked = await secondStep({ challengeToken, code: await codeAt(secret) });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    const failures = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, AUDIT_ACTION.mfaChallengeFailed), eq(auditEvents.actorUserId, session.userId)));
    expect(failures).toHaveLength(5);
  });

  it('refuses a challenge older than five minutes, and one that never existed', async () => {
    const { session, username } = await newStaffUser();
    const { secret } = await enrol(session);
    const challengeToken = await challengeFor(username);
    await t.database.db
      .update(twoFactorChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(twoFactorChallenges.userId, session.userId));
    const expired = await secondStep({ challengeToken, code: await codeAt(secret) });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('TWO_FACTOR_CHALLENGE_INVALID');
    const unknown = await secondStep({ challengeToken: 'x'.repeat(43), code: await codeAt(secret) });
    expect(unknown.json().error.code).toBe('TWO_FACTOR_CHALLENGE_INVALID');
  });

  it('leaves the sign-in of a user without two-factor exactly as it was', async () => {
    const response = await passwordStep('b1g1_supervisor@gmail.com', 'Group1');
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['errorMessage', 'permissions', 'resultType', 'user']);
    expect(body.resultType).toBe(1);
    expect(body.user.jwtToken.accessToken).toBeTruthy();
    expect(refreshCookieFrom(response.headers['set-cookie'])).toBe(body.user.jwtToken.refreshToken);
  });

  it('still says "Username or password is incorrect" before asking for a code', async () => {
    const { session, username } = await newStaffUser();
    await enrol(session);
    const body = (await passwordStep(username, 'Wrong1')).json();
    expect(body).toEqual({
      resultType: 2,
      errorMessage: 'Username or password is incorrect',
      user: null,
      permissions: [],
    });
  });
});

describe('disable and reset', () => {
  it('turns off with a current code, or with the password, and then signs in with the password alone', async () => {
    const withCode = await newStaffUser();
    const { secret } = await enrol(withCode.session);
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: DISABLE,
      headers: bearer(withCode.session),
      payload: { password: 'Wrong1' },
    });
    expect(wrongPassword.statusCode).toBe(400);
    const off = await t.app.inject({
      method: 'POST',
      url: DISABLE,
      headers: bearer(withCode.session),
      payload: { code: await codeAt(secret) },
    });
    expect(off.statusCode).toBe(204);
    expect((await passwordStep(withCode.username)).json().user).not.toBeNull();

    const withPassword = await newStaffUser();
    await enrol(withPassword.session);
    const off2 = await t.app.inject({
      method: 'POST',
      url: DISABLE,
      headers: bearer(withPassword.session),
      payload: { password: 'Secret1' },
    });
    expect(off2.statusCode).toBe(204);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, AUDIT_ACTION.mfaDisabled), eq(auditEvents.actorUserId, withPassword.session.userId)),
      );
    expect(events).toHaveLength(1);
  });

  it("lets an administrator reset a user's second factor, audited", async () => {
    const { session, username } = await newStaffUser();
    await enrol(session);
    const reset = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/identity/users/${session.userId}/two-factor`,
      headers: bearer(admin),
    });
    expect(reset.statusCode).toBe(204);
    expect((await passwordStep(username)).json().user.id).toBe(session.userId);
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, AUDIT_ACTION.mfaReset), eq(auditEvents.objectId, String(session.userId))));
    expect(event).toMatchObject({ actorUserId: admin.userId, objectType: 'user', details: { hadTwoFactor: true } });

    const byStaff = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/identity/users/${admin.userId}/two-factor`,
      headers: bearer(session),
    });
    expect(byStaff.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/identity/users/999999/two-factor',
      headers: bearer(admin),
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('firm settings', () => {
  const saveSettings = (values: Record<string, unknown>, session: SignedIn = admin) =>
    t.app.inject({
      method: 'PUT',
      url: SETTINGS,
      headers: bearer(session),
      payload: { ...FIRM_SETTINGS_DEFAULTS, ...values },
    });
  // Restored behind the API's back: with the requirement on, an unenrolled administrator is locked out too.
  afterEach(async () => {
    await t.database.db.delete(firmSettings);
  });

  it('answers the defaults until saved, validates and audits a change, and is for setting:edit only', async () => {
    const initial = await t.app.inject({ method: 'GET', url: SETTINGS, headers: bearer(admin) });
    expect(initial.json()).toEqual({ ...FIRM_SETTINGS_DEFAULTS, sessionAbsoluteHours: 12, version: '0' });
    for (const bad of [
      { sessionIdleMinutesStaff: 2 },
      { sessionAbsoluteHours: 0 },
      { twoFactorRequiredForStaff: 'yes' },
    ]) {
      expect((await saveSettings(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const saved = await saveSettings({ sessionIdleMinutesClients: 120 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().sessionIdleMinutesClients).toBe(120);
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, AUDIT_ACTION.settingsChanged));
    expect(event!.details).toEqual({ sessionIdleMinutesClients: { from: 60, to: 120 } });

    const advisor = await signIn(t.app, 'b1g1_advisor@gmail.com', 'Group1');
    expect((await saveSettings({}, advisor)).statusCode).toBe(403);
  });

  it('makes a staff user without two-factor enrol before anything else, and leaves clients alone', async () => {
    const { session, username } = await newStaffUser();
    const client = await createUser(t.database.db, { role: 'client', password: 'Secret1' });
    const clientSession = await signIn(t.app, client.username, 'Secret1');
    expect((await saveSettings({ twoFactorRequiredForStaff: true })).statusCode).toBe(200);

    const blocked = t.app.registeredRoutes.filter(
      (route) =>
        !route.isPublic && route.method === 'GET' && !route.url.includes(':') && ![ME, STATUS].includes(route.url),
    );
    expect(blocked.length).toBeGreaterThan(10);
    for (const route of blocked) {
      const response = await t.app.inject({ method: 'GET', url: route.url, headers: bearer(session) });
      expect(response.statusCode, route.url).toBe(403);
      expect(response.json().error.code, route.url).toBe('TWO_FACTOR_ENROLLMENT_REQUIRED');
    }
    expect((await t.app.inject({ method: 'GET', url: ME, headers: bearer(session) })).statusCode).toBe(200);
    const status = (await t.app.inject({ method: 'GET', url: STATUS, headers: bearer(session) })).json();
    expect(status).toMatchObject({ required: true, mustEnroll: true, enabled: false });
    expect((await t.app.inject({ method: 'GET', url: ME, headers: bearer(clientSession) })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/identity/two-factor', headers: bearer(clientSession) })).json()
        .mustEnroll,
    ).toBe(false);

    await enrol(session);
    const afterwards = await t.app.inject({ method: 'GET', url: blocked[0]!.url, headers: bearer(session) });
    expect(afterwards.statusCode).not.toBe(403);
    // Logout stays open to a user who must enrol; sign-in itself still works (so they can enrol).
    const other = await newStaffUser();
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/account/logout',
      headers: bearer(other.session),
    });
    expect(logout.statusCode).toBe(204);
    expect(username).toBeTruthy();
  });

  it('ends a session unused for longer than its idle limit, and refresh cannot revive it', async () => {
    expect((await saveSettings({ sessionIdleMinutesStaff: 5 })).statusCode).toBe(200);
    const login = await passwordStep('b1g2_employee@gmail.com', 'Group2');
    const body = login.json();
    const tokens = body.user.jwtToken;
    const sessionId = (
      await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, body.user.id))
    ).at(-1)!.id;
    const age = (minutes: number) =>
      t.database.db
        .update(sessions)
        .set({ lastSeenAt: sql`now() - make_interval(mins => ${minutes})` })
        .where(eq(sessions.id, sessionId));

    await age(4);
    expect((await t.app.inject({ method: 'GET', url: ME, headers: bearer(tokens) })).statusCode).toBe(200);
    const [touched] = await t.database.db
      .select({ idle: sql<number>`extract(epoch from now() - ${sessions.lastSeenAt})::float8` })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    expect(touched!.idle).toBeLessThan(30);

    await age(6);
    expect((await t.app.inject({ method: 'GET', url: ME, headers: bearer(tokens) })).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'GET',
      url: REFRESH,
      cookies: { [REFRESH_COOKIE]: refreshCookieFrom(login.headers['set-cookie'])! },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('sets the absolute lifetime of new sessions from the setting', async () => {
    expect((await saveSettings({ sessionAbsoluteHours: 2 })).statusCode).toBe(200);
    const body = (await passwordStep('b1g2_supervisor@gmail.com', 'Group2')).json();
    const [row] = await t.database.db
      .select({ hours: sql<number>`extract(epoch from ${sessions.expiresAt} - ${sessions.createdAt})::float8 / 3600` })
      .from(sessions)
      .where(eq(sessions.userId, body.user.id))
      .orderBy(sql`${sessions.createdAt} desc`)
      .limit(1);
    // The clock of the test runs ahead of the database's, so allow for it.
    expect(row!.hours).toBeGreaterThan(1.9);
    expect(row!.hours).toBeLessThan(2.5);
  });
});
