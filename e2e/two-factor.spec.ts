import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO, fillSignIn, signIn } from './support.js';

// Uses a user of its own, created here through the API. It never turns on the firm-wide
// requirement: that would send every other spec's users to the enrolment step.

const PASSWORD = 'Secret1';

async function createSupervisor(request: APIRequestContext) {
  const login = await request.post('/api/v1/authentication/account/authenticate', {
    data: { usernameOrEmailAddress: DEMO.admin, password: DEMO.password },
  });
  const headers = { authorization: `Bearer ${(await login.json()).user.jwtToken.accessToken}` };
  const roles = (await (await request.get('/api/v1/identity/roles/all', { headers })).json()) as Array<{
    value: string;
    name: string;
  }>;
  const emailAddress = `two-factor-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const created = await request.post('/api/v1/identity/users', {
    headers,
    data: {
      firstName: 'Tess',
      lastName: 'Factor',
      emailAddress,
      phoneNumber: '(555) 010-0100',
      roleId: Number(roles.find((role) => role.name === 'supervisor')!.value),
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return emailAddress;
}

/** A code the server has not seen yet: the app's next one (one step ahead is within the allowed skew). */
const nextCode = (secret: string, stepsAhead: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'user menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('a user sets up two-factor sign-in, signs in with a code, then once with a recovery code', async ({
  page,
  request,
}) => {
  const login = await createSupervisor(request);
  await signIn(page, login, PASSWORD);

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await section.getByLabel('Or enter this key by hand').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await section.getByLabel('Authentication code').fill('000000');
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByText('That code is not right. Try the newest code from your app.')).toBeVisible();
  await section.getByLabel('Authentication code').fill(await nextCode(secret, 0));
  await section.getByRole('button', { name: 'Turn on' }).click();

  const codes = section.getByRole('list', { name: 'Save your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = (await codes.allTextContents()).map((code) => code.trim());
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText('10 recovery codes left')).toBeVisible();

  // Password, then the code from the app.
  await signOut(page);
  await fillSignIn(page, login, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.getByLabel('Authentication code').fill(await nextCode(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  // Password, then a recovery code: it works once.
  await signOut(page);
  await fillSignIn(page, login, PASSWORD);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  await signOut(page);
  await fillSignIn(page, login, PASSWORD);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That recovery code is not right, or it has been used already.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
