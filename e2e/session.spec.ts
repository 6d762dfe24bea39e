import { expect, test } from '@playwright/test';
import { SignJWT } from 'jose';
import { DEMO, signIn } from './support.js';

const REFRESH_PATH = '/api/v1/authentication/account/refresh-jwt-tokens';

/** A real access token for the signed-in session, signed with the server's key but already expired. */
async function expiredTokenLike(accessToken: string): Promise<string> {
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    sid: string;
  };
  const past = Math.floor(Date.now() / 1000) - 3600;
  return new SignJWT({ sid: payload.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(payload.sub)
    .setIssuer('ledgerport')
    .setAudience('ledgerport-api')
    .setIssuedAt(past - 900)
    .setExpirationTime(past)
    .sign(new TextEncoder().encode(process.env.E2E_JWT_SECRET));
}

test('an expired access token is refreshed once, transparently, while two requests are in flight', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  // Swap the stored access token for an expired one, then make the app issue two calls at once.
  const stored = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('accessToken'))!;
    return { key, value: localStorage.getItem(key)! };
  });
  const raw = stored.value.startsWith('"') ? (JSON.parse(stored.value) as string) : stored.value;
  const expired = await expiredTokenLike(raw);
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [stored.key, stored.value.startsWith('"') ? JSON.stringify(expired) : expired],
  );

  const refreshes: number[] = [];
  const unauthorized: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes(REFRESH_PATH)) refreshes.push(response.status());
    else if (response.url().includes('/api/v1/') && response.status() === 401) unauthorized.push(response.url());
  });

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'user menu' })).toContainText('Batch1 Group1');
  await expect.poll(() => refreshes).toEqual([200]);
  // At least two calls were refused with the expired token and then retried with the new one.
  expect(unauthorized.length).toBeGreaterThanOrEqual(2);
  await expect(page).not.toHaveURL(/\/login/);
});

test('a failed refresh signs the user out to /login', async ({ page, context }) => {
  await signIn(page, DEMO.advisor);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await context.clearCookies();
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('accessToken'))!;
    localStorage.setItem(key, JSON.stringify('expired.or.forged'));
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
});
