import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO, fillSignIn, signIn } from './support.js';

// Each test creates its own supervisor through the API, so no other spec's user loses a second factor
// or a session. The firm-wide two-factor requirement is never touched.

const PASSWORD = 'Secret1';

async function tokenOf(request: APIRequestContext, login: string, password: string) {
  const response = await request.post('/api/v1/authentication/account/authenticate', {
    data: { usernameOrEmailAddress: login, password },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { user: { jwtToken: { accessToken: string } } };
  return { authorization: `Bearer ${body.user.jwtToken.accessToken}` };
}

async function createSupervisor(request: APIRequestContext, purpose: string) {
  const headers = await tokenOf(request, DEMO.admin, DEMO.password);
  const roles = (await (await request.get('/api/v1/identity/roles/all', { headers })).json()) as Array<{
    value: string;
    name: string;
  }>;
  const suffix = randomBytes(3).toString('hex');
  const user = { emailAddress: `${purpose}-${suffix}@example.com`, fullName: `Sam ${purpose}${suffix}` };
  const created = await request.post('/api/v1/identity/users', {
    headers,
    data: {
      firstName: 'Sam',
      lastName: `${purpose}${suffix}`,
      emailAddress: user.emailAddress,
      phoneNumber: '(555) 010-0100',
      roleId: Number(roles.find((role) => role.name === 'supervisor')!.value),
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return user;
}

/** Turns two-factor sign-in on for the user, as their profile does; answers the secret. */
async function enrolTwoFactor(request: APIRequestContext, login: string) {
  const headers = await tokenOf(request, login, PASSWORD);
  const enrolment = (await (await request.post('/api/v1/identity/two-factor/enrolment', { headers })).json()) as {
    secret: string;
  };
  const confirmed = await request.post('/api/v1/identity/two-factor/enrolment/confirm', {
    headers,
    data: { code: await generate({ secret: enrolment.secret }) },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
}

async function openUserAction(page: Page, user: { emailAddress: string; fullName: string }, action: string) {
  await page.goto('/users');
  await page.getByRole('button', { name: 'Search', exact: true }).first().click();
  const panel = page.getByRole('search', { name: 'Search filters' });
  await panel.getByLabel('Email address').fill(user.emailAddress);
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: `Actions for ${user.fullName}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test("an admin resets a user's two-factor sign-in; the user then signs in without a code", async ({
  page,
  browser,
  request,
}) => {
  const user = await createSupervisor(request, 'Reset');
  await enrolTwoFactor(request, user.emailAddress);

  // Before the reset the password alone is not enough.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await userPage.goto('/login');
  await fillSignIn(userPage, user.emailAddress, PASSWORD);
  await expect(userPage.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();

  await signIn(page, DEMO.admin);
  await openUserAction(page, user, 'Reset two-factor sign-in');
  const dialog = page.getByRole('dialog', { name: 'Reset two-factor sign-in' });
  await expect(dialog.getByText(`Reset the two-factor sign-in of ${user.fullName}?`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText(`The two-factor sign-in of ${user.fullName} has been reset successfully`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await userPage.goto('/login');
  await fillSignIn(userPage, user.emailAddress, PASSWORD);
  await expect(userPage.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(userPage.getByRole('heading', { name: 'Two-factor authentication' })).toHaveCount(0);
  await userContext.close();
});

test("an admin revokes a user's sessions; the user's next request is signed out", async ({
  page,
  browser,
  request,
}) => {
  const user = await createSupervisor(request, 'Revoke');
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await signIn(userPage, user.emailAddress, PASSWORD);
  await expect(userPage.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  await signIn(page, DEMO.admin);
  await openUserAction(page, user, 'Sessions');
  const sessions = page.getByRole('dialog', { name: `Sessions of ${user.fullName}` });
  const table = sessions.getByRole('table', { name: `Active sessions of ${user.fullName}` });
  // The user's browser: the system Chromium on Linux, from this machine.
  await expect(table.getByRole('row').filter({ hasText: 'Chrome on Linux' })).toHaveCount(1);
  await expect(table.getByRole('row').nth(1)).toContainText('127.0.0.1');

  await sessions.getByRole('button', { name: 'Revoke all sessions' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke all sessions' });
  await expect(confirm.getByText(`Sign ${user.fullName} out on every device?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Revoke all' }).click();
  await expect(page.getByText(`All sessions of ${user.fullName} have been revoked`)).toBeVisible();
  await expect(sessions.getByText(`${user.fullName} has no active sessions.`)).toBeVisible();

  // The user's very next request is refused (the refresh too), and the app sends them to sign in.
  await userPage.reload();
  await expect(userPage).toHaveURL(/\/login/);
  await userContext.close();
});

test("an admin revokes one of a user's sessions; that browser is signed out, the other stays in", async ({
  page,
  browser,
  request,
}) => {
  const user = await createSupervisor(request, 'RevokeOne');
  // Two browsers of the user, told apart by their user agent: the Firefox one is the lost laptop.
  const kept = await browser.newContext();
  const keptPage = await kept.newPage();
  await signIn(keptPage, user.emailAddress, PASSWORD);
  await expect(keptPage.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const lost = await browser.newContext({
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
  });
  const lostPage = await lost.newPage();
  await signIn(lostPage, user.emailAddress, PASSWORD);
  await expect(lostPage.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  await signIn(page, DEMO.admin);
  await openUserAction(page, user, 'Sessions');
  const sessions = page.getByRole('dialog', { name: `Sessions of ${user.fullName}` });
  const table = sessions.getByRole('table', { name: `Active sessions of ${user.fullName}` });
  await expect(table.getByRole('row')).toHaveCount(3);

  await table.getByRole('button', { name: 'Revoke the session of Firefox on Linux' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke session' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('The session has been revoked.')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').filter({ hasText: 'Chrome on Linux' })).toHaveCount(1);

  await lostPage.reload();
  await expect(lostPage).toHaveURL(/\/login/);
  await keptPage.reload();
  await expect(keptPage.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await lost.close();
  await kept.close();
});
