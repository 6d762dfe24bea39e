import { randomBytes, randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, signIn } from './support.js';

// This spec owns the company it submits (a unique legal name) and changes nothing else.
const API = '/api/v1/company';

async function optionId(request: APIRequestContext, url: string, text: string): Promise<number> {
  const response = await request.get(url);
  expect(response.ok()).toBe(true);
  const options = (await response.json()) as Array<{
    value?: string;
    id?: number;
    displayText?: string;
    name?: string;
  }>;
  const found = options.find((o) => (o.displayText ?? o.name) === text);
  expect(found, `${text} in ${url}`).toBeTruthy();
  return Number(found!.id ?? found!.value);
}

/** A resident Virginia LLC, submitted as the public wizard would; its payment stays pending. */
async function submitVirginiaLlc(request: APIRequestContext, legalName: string) {
  const stateId = await optionId(request, `${API}/states/all`, 'Virginia');
  const countyId = await optionId(request, `${API}/counties/all?stateId=${stateId}`, 'Fairfax County');
  const industryId = await optionId(request, `${API}/industries/all`, 'Arts and Crafts');
  const response = await request.post(`${API}/companies/resident`, {
    headers: { 'idempotency-key': randomUUID() },
    data: {
      businessEntityType: 1,
      stateId,
      legalName,
      industryId,
      contactFirstName: 'Ada',
      contactLastName: 'Lovelace',
      contactEmailAddress: 'ada.e2e@example.com',
      contactPhoneNumber: '(555) 010-0100',
      registeredAgent: {
        registeredAgentType: 1,
        firstName: 'Grace',
        lastName: 'Hopper',
        addressLine1: '2 Agent Road',
        city: 'Fairfax',
        countyId,
        zipCode: '22030',
        phoneNumber: '(555) 010-0200',
      },
      businessAddressType: 1,
      managementStructure: 2,
      organizers: [{ titles: [], firstName: 'Ada', lastName: 'Lovelace', shareOwnership: '100', isDirector: false }],
      socialSecurityNumber: '123-45-6789',
      socialSecurityFirstName: 'Ada',
      socialSecurityLastName: 'Lovelace',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

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
