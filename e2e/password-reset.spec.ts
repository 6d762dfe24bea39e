import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { fillSignIn } from './support.js';
import { linkFromMail } from './support-mail.js';
import { RESET_USER } from './support-profile.js';

const SENT = "We've sent you an email with a link to reset your password. Please check your email.";

test('forgot password: e-mail, follow the link, choose a new password, sign in with it', async ({ page, browser }) => {
  const newPassword = `Reset${randomBytes(3).toString('hex')}9`;
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(RESET_USER.login);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(SENT, { exact: true })).toBeVisible();

  // No SMTP in tests: an admin reads the e-mail on Administration > Mail, in a browser of its own.
  await page.goto(await linkFromMail(browser, RESET_USER.login, 'Choose a new password'));

  await expect(page).toHaveURL(/\/forgot-password\?token=[\w-]+&userId=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/^Confirm new password/).fill(newPassword);
  await page.getByRole('button', { name: 'Change' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your password has been changed. Log in with your new password.')).toBeVisible();
  await fillSignIn(page, RESET_USER.login, RESET_USER.password);
  await expect(page.getByText('Username or password is incorrect')).toBeVisible();
  await fillSignIn(page, RESET_USER.login, newPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
});

test('a link that does not work goes back to Reset password with the expired banner', async ({ page }) => {
  await page.goto('/forgot-password?token=made-up-token&userId=1');
  await expect(page).toHaveURL(/\/reset-password\?isUsableToken=false$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Your session has expired' })).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('an address nobody is registered with is refused, and so is a deactivated user', async ({ page }) => {
  await page.goto('/reset-password');
  const email = page.getByRole('textbox', { name: 'Email' });
  await email.fill(`nobody-${randomBytes(3).toString('hex')}@example.com`);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('This email is not registered')).toBeVisible();

  await email.fill('b1g1_inactive@gmail.com');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Your account has been deactivated. Please contact the administrator.')).toBeVisible();
});
