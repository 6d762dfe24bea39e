import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, signIn } from './support.js';

// Owns its data: the sessions test creates its own user; the audit log test only reads and exports.

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/v1/authentication/account/authenticate', {
    data: { usernameOrEmailAddress: DEMO.admin, password: DEMO.password },
  });
  return ((await response.json()) as { user: { jwtToken: { accessToken: string } } }).user.jwtToken.accessToken;
}

/** A fresh advisor (no client, no onboarding): their sessions are theirs alone. */
async function createAdvisor(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const roles = (await (await request.get('/api/v1/identity/roles/all', { headers })).json()) as Array<{
    value: string;
    name: string;
  }>;
  const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const emailAddress = `sessions_${unique}@example.com`;
  const response = await request.post('/api/v1/identity/users', {
    headers,
    data: {
      firstName: 'Session',
      lastName: `Tester${unique}`,
      emailAddress,
      phoneNumber: '(555) 010-2000',
      roleId: Number(roles.find((role) => role.name === 'advisor')!.value),
      password: 'Sessions9',
      confirmPassword: 'Sessions9',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { emailAddress, password: 'Sessions9' };
}

async function chooseOption(page: Page, label: string, typed: string, option: string | RegExp) {
  const panel = page.getByRole('search', { name: 'Search filters' });
  await panel.getByRole('combobox', { name: label }).fill(typed);
  await page.getByRole('option', { name: option }).click();
}

test('an admin finds their own sign-in in the audit log, reads its details and exports the list', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/audit-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();

  await page.getByRole('button', { name: 'Search', exact: true }).first().click();
  await chooseOption(page, 'Actor', DEMO.admin, new RegExp(DEMO.admin));
  await chooseOption(page, 'Action', 'auth.sign-in.succ', 'auth.sign-in.succeeded');
  await page.getByRole('search', { name: 'Search filters' }).getByRole('button', { name: 'Search' }).click();

  const table = page.getByRole('table', { name: 'Audit events' });
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow).toContainText('auth.sign-in.succeeded');
  await expect(firstRow).toContainText('Batch1');
  await expect(table.getByRole('row').filter({ hasText: 'auth.sign-in.failed' })).toHaveCount(0);

  await firstRow.getByRole('button', { name: /^Details of auth\.sign-in\.succeeded/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Event details' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('Request id')).toBeVisible();
  await expect(drawer.getByText('session', { exact: false }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  expect((await download).suggestedFilename()).toMatch(/^Audit_log_\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page.getByText('The audit log has been exported.')).toBeVisible();
});

test('a user revokes their other session from the profile, and that browser is signed out', async ({
  browser,
  request,
}) => {
  const user = await createAdvisor(request);
  const laptop = await browser.newContext();
  const phone = await browser.newContext();
  const laptopPage = await laptop.newPage();
  const phonePage = await phone.newPage();
  await signIn(phonePage, user.emailAddress, user.password);
  await signIn(laptopPage, user.emailAddress, user.password);

  await laptopPage.goto('/profile');
  const sessions = laptopPage.getByRole('table', { name: 'Active sessions' });
  await expect(sessions.getByRole('row')).toHaveCount(3);
  await expect(sessions.getByText('This device')).toHaveCount(1);
  const otherRow = sessions.getByRole('row').filter({ hasNotText: 'This device' }).nth(1);
  await otherRow.getByRole('button', { name: /^Revoke the session of/ }).click();
  const dialog = laptopPage.getByRole('dialog', { name: 'Revoke session' });
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(laptopPage.getByText('The session has been revoked.')).toBeVisible();
  await expect(sessions.getByRole('row')).toHaveCount(2);

  // The phone's next request is refused and its refresh too: it lands on the sign-in page.
  await phonePage.goto('/profile');
  await expect(phonePage).toHaveURL(/\/login/);
  // The laptop is still signed in.
  await laptopPage.reload();
  await expect(laptopPage.getByRole('table', { name: 'Active sessions' })).toBeVisible();

  await laptop.close();
  await phone.close();
});
