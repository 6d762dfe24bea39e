import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, fillSignIn, signIn } from './support.js';

/** Picks an option of a Mantine select (inside `scope`) by its label; the options open in a portal. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function clientsTable(page: Page) {
  return page.getByRole('table', { name: 'Clients' });
}

async function openCreate(page: Page, kind: 'Business client' | 'Personal client') {
  await page.getByRole('button', { name: 'Create new client' }).first().click();
  await page.getByRole('menuitem', { name: kind }).click();
}

async function searchByName(page: Page, name: string, status?: 'Active' | 'Inactive' | 'All') {
  const panel = page.getByRole('search', { name: 'Search filters' });
  if (!(await panel.isVisible())) await page.getByRole('button', { name: 'Search', exact: true }).first().click();
  await panel.getByLabel('Full name').fill(name);
  if (status) await choose(page, panel, 'Status', status);
  await panel.getByRole('button', { name: 'Search' }).click();
}

async function rowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test.describe('clients list', () => {
  test('create a business client with a new owner, who then signs in and sees the account', async ({
    page,
    browser,
  }) => {
    test.slow();
    const suffix = randomBytes(3).toString('hex');
    const name = `Harbour Works ${suffix}`;
    const emailAddress = `harbour.${suffix}@example.com`;

    await signIn(page, DEMO.admin);
    await page.goto('/clients');
    await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();

    await openCreate(page, 'Business client');
    const dialog = page.getByRole('dialog', { name: 'Create business client' });
    await dialog.getByLabel('Business name').fill(name);
    await dialog.getByRole('switch', { name: 'Create new user' }).check();
    await dialog.getByLabel('Owner first name').fill('Hana');
    await dialog.getByLabel('Owner last name').fill(`Harbour${suffix}`);
    // A taken address is named as soon as the field is left.
    await dialog.getByLabel('E-mail address').fill(DEMO.client);
    await dialog.getByLabel('Phone number').click();
    await expect(dialog.getByText(`${DEMO.client} is already taken. Try another.`)).toBeVisible();
    await dialog.getByLabel('E-mail address').fill(emailAddress);
    await dialog.getByLabel('Phone number').fill('(555) 444-1000');
    await choose(page, dialog, 'Advisor', 'Batch1 Group1');
    await dialog.getByLabel(/^Password/).fill('Harbour7');
    await dialog.getByLabel('Confirm password').fill('Harbour7');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText(`${name} has been created successfully`)).toBeVisible();
    await expect(page).toHaveURL(/\/clients\/business\/\d+\/edit$/);

    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await owner.goto('/login');
    await fillSignIn(owner, emailAddress, 'Harbour7');
    await expect(owner).not.toHaveURL(/\/login/);
    await owner.goto('/accounts');
    await expect(owner.getByRole('table', { name: 'Owner' }).getByText(name)).toBeVisible();
    await ownerContext.close();
  });

  test('create a personal client for an existing owner, find it, see its details', async ({ page }) => {
    const suffix = randomBytes(3).toString('hex');
    const lastName = `Person${suffix}`;
    const name = `Pia ${lastName}`;
    await signIn(page, DEMO.admin);
    await page.goto('/clients');

    await openCreate(page, 'Personal client');
    const dialog = page.getByRole('dialog', { name: 'Create personal client' });
    await dialog.getByLabel('First name').fill('Pia');
    await dialog.getByLabel('Last name').fill(lastName);
    // b1g3_client: no other spec depends on how many accounts this demo owner has.
    await dialog.getByRole('combobox', { name: 'Owner' }).fill('b1g3_client');
    await page.getByRole('option', { name: 'Batch1 Group3 (b1g3_client@gmail.com)' }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText(`${name} has been created successfully`)).toBeVisible();
    await expect(page).toHaveURL(/\/clients\/personal\/\d+\/edit$/);

    await page.goto('/clients');
    await searchByName(page, lastName);
    const row = clientsTable(page).getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row.getByRole('img', { name: 'Personal client' })).toBeVisible();
    await expect(row.getByText('Batch1 Group3', { exact: true }).first()).toBeVisible();

    await rowAction(page, name, 'Details');
    const panel = page.getByRole('dialog', { name });
    await expect(panel.getByText('Batch1 Group3', { exact: true }).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    await searchByName(page, `no such client ${suffix}`);
    await expect(page.getByText('Your search returned no results. Make sure you search properly')).toBeVisible();
  });

  test('deactivate, activate and delete a client', async ({ page }) => {
    const suffix = randomBytes(3).toString('hex');
    const name = `Status Co ${suffix}`;
    await signIn(page, DEMO.admin);
    await page.goto('/clients');
    await openCreate(page, 'Business client');
    const dialog = page.getByRole('dialog', { name: 'Create business client' });
    await dialog.getByLabel('Business name').fill(name);
    await dialog.getByRole('combobox', { name: 'Owner' }).fill('b1g3_client');
    await page.getByRole('option', { name: 'Batch1 Group3 (b1g3_client@gmail.com)' }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/clients\/business\/\d+\/edit$/);

    await page.goto('/clients');
    await searchByName(page, name);
    await rowAction(page, name, 'Deactivate');
    const deactivate = page.getByRole('dialog', { name: 'Deactivate client' });
    await expect(deactivate.getByText(`Are you sure you want to deactivate ${name}?`)).toBeVisible();
    await deactivate.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText(`${name} has been deactivated successfully`)).toBeVisible();
    // The list shows active clients only: the row has left it.
    await expect(clientsTable(page).getByText(name)).toBeHidden();

    await searchByName(page, name, 'Inactive');
    await rowAction(page, name, 'Activate');
    await page.getByRole('dialog', { name: 'Activate client' }).getByRole('button', { name: 'Activate' }).click();
    await expect(page.getByText(`${name} has been activated successfully`)).toBeVisible();

    await searchByName(page, name, 'All');
    await rowAction(page, name, 'Delete');
    await page.getByRole('dialog', { name: 'Delete client' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`${name} has been deleted successfully`)).toBeVisible();
    await expect(clientsTable(page).getByText(name)).toBeHidden();
  });

  test('send an e-mail to the clients of a search', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/clients');
    await searchByName(page, 'no-client-has-this-name');
    await page.getByRole('button', { name: 'Send e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send e-mail' });
    await dialog.getByLabel('Subject').fill('Hello');
    await dialog.getByRole('textbox', { name: 'Body' }).fill('Your documents are ready.');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('E-mail queued for 0 clients (0 without an address)')).toBeVisible();
  });
});
