import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditEvents, passwordResetTokens, users } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { AUDIT_ACTION } from '../../audit/audit.repository.js';
import { RESET_EMAIL_LIMITS } from '../password-reset.service.js';
import { createUser } from '../../../testing/factories.js';
import { bearer, signIn } from '../../../testing/session.js';
import { startSmtpServer, type TestSmtpServer } from '../../../testing/smtp.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

const SEND = '/api/v1/identity/account/send-reset-password-email';
const USABLE = '/api/v1/identity/account/is-forgot-password-token-usable';
const RESET = '/api/v1/identity/account/reset-password';
const ME = '/api/v1/identity/users/me';

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, APP_URL: 'https://portal.example.com' });
  await seedDemoFirm(t.database.db);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

let ipCounter = 0;
/** Each test asks from its own address, so the per-IP limit is only met where a test means to. */
const freshIp = () => `10.0.0.${++ipCounter}`;

async function requestReset(emailAddress: string, remoteAddress = freshIp()) {
  return t.app.inject({ method: 'POST', url: SEND, payload: { emailAddress }, remoteAddress });
}

/** Asks for a link, delivers the mail over SMTP and reads the link out of what arrived. */
async function resetLinkFor(emailAddress: string) {
  const response = await requestReset(emailAddress);
  expect(response.json()).toEqual({ resultType: 1, errorMessage: null });
  await t.app.worker.drain();
  const message = smtp.received.at(-1)!;
  const to = message.to && 'text' in message.to ? message.to.text : '';
  expect(to.toLowerCase()).toBe(emailAddress.toLowerCase());
  const link = new URL(/https:\/\/portal\.example\.com\/forgot-password\?\S+/.exec(message.text ?? '')![0]);
  return { link, token: link.searchParams.get('token')!, userId: Number(link.searchParams.get('userId')) };
}

const isUsable = async (token: string, userId: number) => {
  const response = await t.app.inject({ method: 'GET', url: USABLE, query: { token, userId: String(userId) } });
  expect(response.statusCode).toBe(200);
  return response.json() as boolean;
};

const reset = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: RESET, payload });

describe('POST identity/account/send-reset-password-email', () => {
  it('e-mails a single-use link to the forgot-password page and stores only its hash', async () => {
    const user = await createUser(t.database.db, { firstName: 'Rosa' });
    const { link, token, userId } = await resetLinkFor(user.emailAddress.toUpperCase());
    expect(link.pathname).toBe('/forgot-password');
    expect(userId).toBe(user.id);
    expect(token).toMatch(/^[\w-]{43}$/); // 256 bits, base64url
    expect(smtp.received[0]!.subject).toBe('Reset your Ledgerport password');
    expect(smtp.received[0]!.text).toContain('Rosa');

    const rows = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    const minutes = (rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 0);
  });

  it('answers 2 for an address nobody is registered with, and sends nothing', async () => {
    const response = await requestReset('nobody-here@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ resultType: 2, errorMessage: expect.any(String) });
    await t.app.worker.drain();
    expect(smtp.received).toHaveLength(0);
  });

  it('answers 3 for a deactivated user, and sends nothing', async () => {
    const response = await requestReset('b1g1_inactive@gmail.com');
    expect(response.json()).toEqual({ resultType: 3, errorMessage: expect.any(String) });
    await t.app.worker.drain();
    expect(smtp.received).toHaveLength(0);
  });

  it('refuses a malformed address with 400 naming the field', async () => {
    const response = await requestReset('not an address');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([expect.objectContaining({ field: 'emailAddress' })]);
  });

  it('limits requests per address, so nobody can flood an inbox', async () => {
    const user = await createUser(t.database.db);
    for (let i = 0; i < RESET_EMAIL_LIMITS.perEmail; i++) {
      expect((await requestReset(user.emailAddress)).statusCode).toBe(200);
    }
    const refused = await requestReset(user.emailAddress);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits requests per IP address, whatever the addresses asked about', async () => {
    const ip = freshIp();
    for (let i = 0; i < RESET_EMAIL_LIMITS.perIp; i++) {
      expect((await requestReset(`sweep-${i}@example.com`, ip)).statusCode).toBe(200);
    }
    expect((await requestReset('sweep-last@example.com', ip)).statusCode).toBe(429);
    expect((await requestReset('sweep-last@example.com')).statusCode).toBe(200);
  });
});

describe('reset with the e-mailed link', () => {
  it('sets the new password, ends every session, spends the link and audits it', async () => {
    const user = await createUser(t.database.db);
    const session = await signIn(t.app, user.username, user.password);
    const { token, userId } = await resetLinkFor(user.emailAddress);
    expect(await isUsable(token, userId)).toBe(true);

    const response = await reset({ userId, token, password: 'Recovered7', confirmPassword: 'Recovered7' });
    expect(response.statusCode, response.body).toBe(204);

    expect((await t.app.inject({ method: 'GET', url: ME, headers: bearer(session) })).statusCode).toBe(401);
    await expect(signIn(t.app, user.username, user.password)).rejects.toThrow();
    await expect(signIn(t.app, user.username, 'Recovered7')).resolves.toBeTruthy();

    // Single use.
    expect(await isUsable(token, userId)).toBe(false);
    const again = await reset({ userId, token, password: 'Another7', confirmPassword: 'Another7' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('RESET_TOKEN_UNUSABLE');

    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, AUDIT_ACTION.passwordResetCompleted), eq(auditEvents.objectId, String(userId))),
      );
    expect(events).toHaveLength(1);
  });

  it('a newer link makes the older one unusable', async () => {
    const user = await createUser(t.database.db);
    const first = await resetLinkFor(user.emailAddress);
    const second = await resetLinkFor(user.emailAddress);
    expect(await isUsable(first.token, user.id)).toBe(false);
    expect(await isUsable(second.token, user.id)).toBe(true);
    const response = await reset({
      userId: user.id,
      token: first.token,
      password: 'Newpass1',
      confirmPassword: 'Newpass1',
    });
    expect(response.statusCode).toBe(400);
  });

  it('an expired link is unusable', async () => {
    const user = await createUser(t.database.db);
    const { token } = await resetLinkFor(user.emailAddress);
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.userId, user.id));
    expect(await isUsable(token, user.id)).toBe(false);
    const response = await reset({ userId: user.id, token, password: 'Newpass1', confirmPassword: 'Newpass1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('RESET_TOKEN_UNUSABLE');
  });

  it('a link works only for its own user, and not once the user is deactivated', async () => {
    const user = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    const { token } = await resetLinkFor(user.emailAddress);
    expect(await isUsable(token, other.id)).toBe(false);
    expect(
      (await reset({ userId: other.id, token, password: 'Newpass1', confirmPassword: 'Newpass1' })).statusCode,
    ).toBe(400);

    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect(await isUsable(token, user.id)).toBe(false);
  });

  it('a made-up token is unusable', async () => {
    expect(await isUsable('made-up-token', 1)).toBe(false);
  });

  it('validates the new password and its confirmation before looking at the link', async () => {
    const response = await reset({ userId: 1, token: 'x', password: 'weak', confirmPassword: 'other' });
    expect(response.statusCode).toBe(400);
    const fields = (response.json().error.details as Array<{ field: string }>).map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['password', 'confirmPassword']));
  });

  it('needs token and userId to check a link', async () => {
    const response = await t.app.inject({ method: 'GET', url: USABLE, query: { token: 'x' } });
    expect(response.statusCode).toBe(400);
  });

  it('a password change made after asking for a link makes the link unusable', async () => {
    const user = await createUser(t.database.db);
    const { token } = await resetLinkFor(user.emailAddress);
    const session = await signIn(t.app, user.username, user.password);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/identity/users/me/password',
      headers: bearer(session),
      payload: { oldPassword: user.password, password: 'Changed42', confirmPassword: 'Changed42' },
    });
    expect(changed.statusCode).toBe(204);
    expect(await isUsable(token, user.id)).toBe(false);
  });
});
