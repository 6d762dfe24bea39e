import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { DEMO, signIn } from './support.js';

/*
 * Staff view of the leads. Each test creates its own leads through the public onboarding API (the
 * captcha solved here with the server's own ALTCHA library) under names no other spec uses, and
 * finds them by searching for those names.
 */

const API = '/api/v1/document/onboarding';

async function captchaToken(request: APIRequestContext): Promise<string> {
  const challenge = (await (await request.get(`${API}/captcha/challenge`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A lead that finished the intake questions (status "Quote" next), as the wizard would create it. */
async function createLead(request: APIRequestContext, company: string) {
  const created = await request.post(`${API}/leads`, {
    data: {
      legalCompanyName: company,
      contactFirstName: 'Lee',
      contactLastName: 'Contact',
      contactEmailAddress: `lead_${company.replace(/\W/g, '')}@example.com`,
      contactPhoneNumber: '(555) 010-9898',
      contactPosition: 1,
      googleRecaptchaToken: await captchaToken(request),
    },
  });
  expect(created.status()).toBe(201);
  const { idHash } = (await created.json()) as { idHash: string };
  const intake = await request.put(`${API}/leads/${idHash}/intake-interview-answers`, {
    data: {
      industryId: 10,
      annualSalesRangeId: 2,
      employeeCountRangeId: 2,
      services: [3],
      acquisitionChannelId: 1,
      currentlyGettingPayrollService: false,
    },
  });
  expect(intake.status()).toBe(204);
  return idHash;
}

test('admin finds a lead, reads its details and exports the list', async ({ page, request }) => {
  const tag = randomBytes(4).toString('hex');
  const company = `Leadlist ${tag} LLC`;
  const idHash = await createLead(request, company);

  await signIn(page, DEMO.admin);
  await page.goto('/leads');
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  await page.getByRole('button', { name: 'Search' }).first().click();
  const search = page.getByRole('search');
  await search.getByLabel('Legal company name').fill(company);
  await search.getByRole('button', { name: 'Search' }).click();

  const table = page.getByRole('table', { name: 'Leads' });
  const row = table.getByRole('row').filter({ hasText: company });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Lee Contact');
  await expect(row).toContainText('Intake questions');
  // 'MMM D, YYYY HH:mm'
  await expect(row).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}/);
  await expect(page.getByText('1-1 of 1')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  expect((await downloading).suggestedFilename()).toMatch(/\.xlsx$/);
  await expect(page.getByText('Leads have been exported successfully')).toBeVisible();

  await row.getByRole('link', { name: `View ${company}` }).click();
  await expect(page).toHaveURL(/\/leads\/\d+\/details$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lead details' })).toBeVisible();
  for (const section of [
    'General info',
    'Contact person',
    'Intake questions',
    'Quote',
    'Contract',
    'Create account',
    'Billing info',
    'Document uploads',
  ]) {
    await expect(page.getByRole('region', { name: section })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Intake questions' })).toContainText('Information Technology');
  await expect(page.getByRole('region', { name: 'Intake questions' })).toContainText('Payroll');
  // Still early in the wizard: the complete-onboarding link is offered for copying.
  await expect(page.getByLabel('Complete-onboarding link')).toHaveValue(new RegExp(`/customer-onboarding/${idHash}$`));
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
});

test('admin deletes selected leads after confirming', async ({ page, request }) => {
  const tag = randomBytes(4).toString('hex');
  const prefix = `Leaddel ${tag}`;
  await createLead(request, `${prefix} One LLC`);
  await createLead(request, `${prefix} Two LLC`);

  await signIn(page, DEMO.admin);
  await page.goto(`/leads?legalCompanyName=${encodeURIComponent(prefix)}`);
  const table = page.getByRole('table', { name: 'Leads' });
  await expect(table.getByRole('row').filter({ hasText: prefix })).toHaveCount(2);
  const deleteButton = page.getByRole('button', { name: 'Delete' });
  await expect(deleteButton).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Select all leads on this page' }).check();
  await deleteButton.click();
  const confirm = page.getByRole('dialog', { name: 'Delete leads' });
  await expect(confirm).toContainText('Delete the 2 selected leads?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('2 leads have been deleted successfully')).toBeVisible();
  await expect(page.getByText('Your search returned no results. Make sure you search properly')).toBeVisible();
});

test('the demo firm has a lead part-way through the wizard, whose copied link resumes at the contract', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO.admin);
  await page.goto(`/leads?legalCompanyName=${encodeURIComponent('Bluebird Studio LLC')}`);
  const row = page.getByRole('table', { name: 'Leads' }).getByRole('row').filter({ hasText: 'Bluebird Studio LLC' });
  await expect(row).toContainText('Robin Prospect');
  await expect(row).toContainText('Quote');
  await row.getByRole('link', { name: 'View Bluebird Studio LLC' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lead details' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Intake questions' })).toContainText('Arts and Entertainment');
  await expect(page.getByRole('region', { name: 'Quote' })).toContainText('Bookkeeping');
  const link = page.getByLabel('Complete-onboarding link');
  await expect(link).toHaveValue(/\/customer-onboarding\/[A-Za-z0-9_-]{43}$/);
  const url = await link.inputValue();

  // The prospect, in a browser of their own, continues where they stopped.
  const prospect = await browser.newContext();
  try {
    const wizard = await prospect.newPage();
    await wizard.goto(url);
    const contract = wizard.getByRole('region', { name: 'Contract' });
    // In the browser's own PDF viewer where it has one, else in the app's.
    const shown = contract
      .locator('iframe[title="Contract"]')
      .or(contract.getByRole('img', { name: /^Page 1 of \d+ of Contract-/ }));
    await expect(shown).toBeVisible();
  } finally {
    await prospect.close();
  }
});
