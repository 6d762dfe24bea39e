import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support.js';
import { uniqueEmail } from './support-invitations.js';
import { openMessage } from './support-mail.js';

test('an admin finds an invitation under Administration > Mail and reads it; an advisor has no Mail', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('mail_screen');
  const signedIn = await request.post('/api/v1/authentication/account/authenticate', {
    data: { usernameOrEmailAddress: DEMO.advisor, password: DEMO.password },
  });
  const token = ((await signedIn.json()) as { user: { jwtToken: { accessToken: string } } }).user.jwtToken.accessToken;
  const sent = await request.post('/api/v1/document/invitations/send', {
    headers: { authorization: `Bearer ${token}` },
    data: { recipientEmailAddress: email },
  });
  expect(sent.status()).toBe(200);

  await signIn(page, DEMO.admin);
  const navigation = page.getByRole('navigation', { name: 'Main' });
  await navigation.getByRole('link', { name: 'Mail' }).click();
  await expect(page).toHaveURL(/\/mail$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mail' })).toBeVisible();

  const message = await openMessage(page, email);
  const drawer = page.getByRole('dialog', { name: 'Message details' });
  await expect(drawer.getByText('Invitation', { exact: true })).toBeVisible();
  await expect(drawer.getByText('Kept (no SMTP)')).toBeVisible();
  await expect(message.getByRole('heading', { name: 'You are invited' })).toBeVisible();
  await expect(message.getByRole('link', { name: 'Create your account', exact: true })).toHaveAttribute(
    'href',
    /\/register\?token=[\w-]{43}$/,
  );

  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'user menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await signIn(page, DEMO.advisor);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mail' })).toHaveCount(0);
});

test('the developer mailbox is gone: /dev/mailbox is a plain 404, not the app', async ({ page }) => {
  const response = await page.goto('/dev/mailbox');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Mail' })).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText('token=');
});
