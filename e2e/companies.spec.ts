import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { submitVirginiaLlc } from './support-companies.js';
import { DEMO, signIn } from './support.js';

// This spec owns the company it submits (a unique legal name) and changes nothing else.

test('staff find a submitted company in the list and read its details', async ({ page, request }) => {
  const legalName = `E2E Companies ${randomBytes(4).toString('hex')}`;
  await submitVirginiaLlc(request, legalName);

  await signIn(page, DEMO.admin);
  await page.goto('/companies');
  await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
  const row = page.getByRole('table', { name: 'Companies' }).getByRole('row').filter({ hasText: legalName });
  await expect(row.getByText(`${legalName} LLC`)).toBeVisible();
  await expect(row.getByText('Ada Lovelace')).toBeVisible();
  await expect(row.getByText('Resident', { exact: true })).toBeVisible();
  await expect(row.getByText('Pending')).toBeVisible();
  await expect(row.getByText(/^\d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expect(page.getByRole('button', { name: /create/i })).toHaveCount(0);

  await row.getByRole('link', { name: `View ${legalName}` }).click();
  await expect(page).toHaveURL(/\/companies\/\d+\/details$/);
  await expect(page.getByRole('heading', { level: 1, name: `${legalName} LLC` })).toBeVisible();
  const region = (name: string) => page.getByRole('region', { name });
  await expect(region('Company information').getByText('Arts and Crafts')).toBeVisible();
  await expect(region('Company information').getByText(/^\d{2}\.\d{2}\.\d{4}$/)).toBeVisible();
  await expect(region('Registered agent').getByText('Fairfax County')).toBeVisible();
  await expect(region('Business address')).toContainText('The predefined resident business address applies.');
  await expect(region('Management structure').getByText('Member')).toBeVisible();
  await expect(region('Organizers').getByText('100%')).toBeVisible();
  await expect(region('Social security').getByText('***-**-6789')).toBeVisible();
  await expect(page.getByText('123-45-6789')).toHaveCount(0);
  // The worked example of the issue: Virginia LLC, no coupon, 100 + 6 + 150.
  await expect(region('Order summary').getByText('$100.00')).toBeVisible();
  await expect(region('Order summary').getByText('$6.00')).toBeVisible();
  await expect(region('Order summary').getByText('$256.00')).toBeVisible();
});

test('an unknown company says so', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/companies/2147483000/details');
  await expect(page.getByRole('heading', { name: 'Company not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to companies' })).toBeVisible();
});
