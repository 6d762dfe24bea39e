import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { linkFromMail } from './support-mail.js';

/** A fresh address per run: several specs share one server. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}_${randomBytes(4).toString('hex')}@example.com`;
}

/** Through the avatar menu's "Send invitation" dialog; waits for the sent notice. */
export async function sendInvitation(page: Page, email: string) {
  await page.getByRole('button', { name: 'user menu' }).click();
  await page.getByRole('menuitem', { name: 'Send invitation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send invitation' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(`Invitation has been sent to ${email}`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

/**
 * Reads the invitation e-mail on Administration > Mail (an admin, in a browser of its own) and follows
 * its register link in the invitee's browser.
 */
export async function followInvitationLink(page: Page, email: string): Promise<string> {
  const browser = page.context().browser();
  if (!browser) throw new Error('The invitee page has no browser to open the admin window in.');
  const url = await linkFromMail(browser, email, 'Create your account');
  expect(url).toMatch(/\/register\?token=[\w-]{43}$/);
  await page.goto(url);
  await expect(page).toHaveURL(/\/register\?token=/);
  return url;
}

/** Fills the register form (the e-mail comes from the invitation) and submits it. */
export async function register(
  page: Page,
  person: { firstName: string; lastName: string; phoneNumber: string; password: string },
) {
  await expect(page.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible();
  await page.getByRole('textbox', { name: 'First name' }).fill(person.firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill(person.lastName);
  await page.getByRole('textbox', { name: 'Phone number' }).fill(person.phoneNumber);
  await page.getByLabel(/^Password/).fill(person.password);
  await page.getByLabel(/^Confirm password/).fill(person.password);
  await page.getByRole('button', { name: 'Register' }).click();
}
