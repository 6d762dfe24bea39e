import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './support.js';

// This spec owns every coupon it touches: each run makes a code nobody else uses.
const uniqueCode = () => `E2E-${randomBytes(4).toString('hex').toUpperCase()}`;

function tomorrow(): string {
  const date = new Date(Date.now() + 24 * 3600 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function couponRow(page: Page, code: string) {
  return page.getByRole('table', { name: 'Coupons' }).getByRole('row').filter({ hasText: code });
}

async function openCreate(page: Page) {
  await page.getByRole('button', { name: 'Create new coupon' }).first().click();
  return page.getByRole('dialog', { name: 'Create new coupon' });
}

test('an admin creates a coupon, meets the taken message on reuse, and deactivates it', async ({ page }) => {
  const code = uniqueCode();
  const title = `Spring ${code}`;
  await signIn(page, DEMO.admin);
  await page.goto('/coupons');
  await expect(page.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();

  const dialog = await openCreate(page);
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code);
  await expect(dialog.getByRole('radio', { name: 'Fixed' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Percentage' }).check();
  await dialog.getByRole('textbox', { name: 'Discount value' }).pressSequentially('1a5');
  await expect(dialog.getByRole('textbox', { name: 'Discount value' })).toHaveValue('15');
  await dialog.getByLabel('Expiration date').fill(tomorrow());
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${title} has been created successfully`, { exact: true })).toBeVisible();

  const row = couponRow(page, code);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: '%15', exact: true })).toBeVisible();
  await expect(row.getByRole('img', { name: 'Active' })).toBeVisible();

  // The same code in another case is taken: named when leaving the field.
  const again = await openCreate(page);
  await again.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
  await again.getByRole('textbox', { name: 'Title' }).focus();
  await expect(again.getByText(`${code.toLowerCase()} is already taken. Try another.`, { exact: true })).toBeVisible();
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(again).toBeHidden();

  await row.getByRole('button', { name: `Deactivate coupon ${title}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate coupon' });
  await expect(confirm.getByText(`Are you sure you want to deactivate the coupon ${title}?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`${title} has been deactivated successfully`, { exact: true })).toBeVisible();
  await expect(row.getByRole('img', { name: 'Inactive' })).toBeVisible();
  await expect(row.getByRole('button', { name: `Activate coupon ${title}` })).toBeVisible();
});
