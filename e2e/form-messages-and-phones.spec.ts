import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, signIn } from './support.js';

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('form messages and phone numbers', () => {
  test('Create client with a new user names a bad e-mail and a weak password in their own words', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/clients');
    await page.getByRole('button', { name: 'Create new client' }).first().click();
    await page.getByRole('menuitem', { name: 'Personal client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create personal client' });
    await dialog.getByRole('switch', { name: 'Create new user' }).check();
    await dialog.getByLabel('E-mail address').fill('eve@@bad');
    await dialog.getByLabel(/^Password/).fill('abc');
    await dialog.getByRole('button', { name: 'Create' }).click();

    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await expect(
      dialog.getByText('The password must have at least 6 characters, including an uppercase letter and a digit'),
    ).toBeVisible();
    await expect(dialog.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true');
    // Only the fields left empty say they are required.
    await expect(dialog.getByLabel('E-mail address')).not.toHaveAccessibleDescription('This field is required');
    await expect(dialog.getByLabel(/^Password/)).not.toHaveAccessibleDescription('This field is required');
    await expect(dialog.getByLabel('First name')).toHaveAccessibleDescription('This field is required');
  });

  test('a phone typed as bare digits is masked, stored in one form and shown like every other number', async ({
    page,
  }) => {
    test.slow();
    const suffix = randomBytes(3).toString('hex');
    const emailAddress = `phone.${suffix}@example.com`;
    await signIn(page, DEMO.admin);
    await page.goto('/users');
    await page.getByRole('button', { name: 'Create', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create user' });
    await dialog.getByLabel('First name').fill('Pia');
    await dialog.getByLabel('Last name').fill(`Phone${suffix}`);
    await dialog.getByLabel('Email address').fill(emailAddress);
    const phone = dialog.getByRole('textbox', { name: 'Phone number' });
    await phone.pressSequentially('5552223333');
    await expect(phone).toHaveValue('(555) 222-3333');
    await choose(page, dialog, 'Role', 'Client');
    await choose(page, dialog, 'Advisor', 'advisor advisor');
    await dialog.getByLabel(/^Password/).fill('Harbour7');
    await dialog.getByLabel('Confirm password').fill('Harbour7');

    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/identity/users') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Create' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    // The API stores and answers the one normalised form.
    expect(((await response.json()) as { phoneNumber: string }).phoneNumber).toBe('5552223333');

    const table = page.getByRole('table', { name: 'Users' });
    const panel = page.getByRole('search', { name: 'Search filters' });
    if (!(await panel.isVisible())) await page.getByRole('button', { name: 'Search', exact: true }).first().click();
    await panel.getByLabel('Email address').fill(emailAddress);
    await panel.getByRole('button', { name: 'Search' }).click();
    const row = table.getByRole('row').filter({ hasText: emailAddress });
    await expect(row).toContainText('(555) 222-3333');
    await expect(row).not.toContainText('5552223333');

    // The seeded users' numbers read the same way.
    await panel.getByLabel('Email address').fill('advisor@ledgerport.example');
    await panel.getByRole('button', { name: 'Search' }).click();
    await expect(table.getByRole('row').filter({ hasText: 'advisor@ledgerport.example' })).toContainText(
      '(555) 010-0100',
    );
  });
});
