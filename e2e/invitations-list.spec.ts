import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './support.js';
import { uniqueEmail } from './support-invitations.js';

const headers = (page: Page) => page.getByRole('table', { name: 'Invitations' }).getByRole('columnheader');

test('an advisor sends an invitation from the list and sees it without sender, type and client', async ({ page }) => {
  const email = uniqueEmail('listed');
  await signIn(page, DEMO.advisor);
  await page.goto('/invitations');
  await expect(page.getByRole('heading', { level: 1, name: 'Invitations' })).toBeVisible();

  await page.getByRole('button', { name: 'Send invitation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send invitation' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(`Invitation has been sent to ${email}`)).toBeVisible();

  const row = page.getByRole('row', { name: new RegExp(email) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Sent')).toBeVisible();
  await expect(row.getByText(/^\d\d:\d\d, \w+day, \w+ \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(headers(page)).toHaveText(['Recipient', 'Creation time', 'Status'].map((h) => new RegExp(h)));

  // Admin sees every column and the admin-only filters, and finds the advisor's invitation.
  await page.getByRole('button', { name: 'user menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await signIn(page, DEMO.admin);
  await page.goto('/invitations');
  await expect(headers(page)).toHaveText(
    ['Sender', 'Recipient', 'Type', 'Client', 'Creation time', 'Status'].map((h) => new RegExp(h)),
  );
  await page.getByRole('button', { name: 'Search', expanded: false }).click();
  const panel = page.getByRole('search', { name: 'Search filters' });
  // The sender is a remote user search whose options name the user and their e-mail.
  await panel.getByRole('combobox', { name: 'Sender' }).fill('b1g1_advisor');
  await expect(page.getByRole('option', { name: 'Batch1 Group1 (b1g1_advisor@gmail.com)' })).toBeVisible();
  await panel.getByRole('combobox', { name: 'Sender' }).fill('');
  await panel.getByRole('textbox', { name: 'Recipient email' }).fill(email);
  await panel.getByRole('button', { name: 'Search' }).click();
  const adminRow = page.getByRole('row', { name: new RegExp(email) });
  await expect(adminRow.getByText('Advisor to client')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Invitations' }).getByRole('row')).toHaveCount(2);

  await panel.getByRole('textbox', { name: 'Recipient email' }).fill(`${email}.nomatch`);
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Your search returned no results. Make sure you search properly')).toBeVisible();
});
