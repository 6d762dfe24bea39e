import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './support.js';

// Batch1 Group3 LLC rather than Group1: home.spec.ts asserts Group1 LLC's services exactly, and
// specs run in parallel on one server.
const CLIENT_NAME = 'Batch1 Group3 LLC';

/** Calls the API with the signed-in user's token, as the app does. */
async function callApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('accessToken'))!;
      const stored = localStorage.getItem(key)!;
      // Stored raw or JSON-encoded, depending on the session store's version.
      const token = stored.startsWith('"') ? (JSON.parse(stored) as string) : stored;
      const response = await fetch(`/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    { method, path, body },
  ) as Promise<T>;
}

/** A fresh client user to add as collaborator, so no other spec's demo user gains an account. */
async function createClientUser(page: Page, firstName: string): Promise<void> {
  const roles = await callApi<{ value: string; name: string }[]>(page, 'GET', '/identity/roles/all');
  const advisors = await callApi<{ value: string }[]>(page, 'GET', '/identity/users/advisors/all');
  await callApi(page, 'POST', '/identity/users', {
    firstName,
    lastName: 'Collaborator',
    emailAddress: `${firstName.toLowerCase()}@example.com`,
    phoneNumber: '(555) 010-1234',
    roleId: roles.find((role) => role.name === 'client')!.value,
    advisorUserId: advisors[0]!.value,
    password: 'Secret123',
    confirmPassword: 'Secret123',
  });
}

test('edit a business client: services and a new collaborator with services are kept', async ({ page }) => {
  const collaboratorFirstName = `Edit${randomBytes(3).toString('hex')}`;
  const collaborator = `${collaboratorFirstName} Collaborator`;
  await signIn(page, DEMO.admin);
  const clients = await callApi<{ id: number; name: string }[]>(page, 'GET', '/document/clients/all');
  const client = clients.find((item) => item.name === CLIENT_NAME)!;
  await createClientUser(page, collaboratorFirstName);

  await page.goto(`/clients/business/${client.id}/edit`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Edit client' })).toBeVisible();
  await expect(main.getByText(CLIENT_NAME, { exact: true })).toBeVisible();
  await expect(main.getByRole('group', { name: 'General data' })).toBeVisible();
  await expect(main.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(CLIENT_NAME);

  await main.getByRole('textbox', { name: 'E-mail address' }).fill('office@group3.example');
  await main.getByRole('textbox', { name: 'TIN', exact: true }).fill('123456789');
  await expect(main.getByRole('textbox', { name: 'TIN', exact: true })).toHaveValue('12-3456789');
  const payroll = main.getByRole('checkbox', { name: 'Payroll' });
  await payroll.check();

  await main.getByLabel('Add collaborator').fill(collaboratorFirstName);
  // The list opens above the field at the page's foot. Clicked as soon as it is attached, it can still
  // be at the place computed while it was closed; Playwright then scrolls to it, the field leaves the
  // screen and the list hides with it (Mantine's hideDetached) for good (seen once in CI under load).
  const option = page.getByRole('option', { name: collaborator });
  await expect(option).toBeInViewport();
  await option.click();
  await expect(main.getByLabel(`Services of ${collaborator}`)).toBeAttached();

  await main.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${CLIENT_NAME} has been updated successfully`)).toBeVisible();
  await expect(page).toHaveURL(/\/clients$/);

  await page.goto(`/clients/business/${client.id}/edit`);
  await expect(main.getByRole('checkbox', { name: 'Payroll' })).toBeChecked();
  await expect(main.getByRole('checkbox', { name: 'Tax' })).toBeChecked();
  await expect(main.getByRole('textbox', { name: 'TIN', exact: true })).toHaveValue('12-3456789');
  const row = main.getByRole('group', { name: 'Collaborators' });
  await expect(row.getByRole('button', { name: `Remove ${collaborator}` })).toBeVisible();
  // A new collaborator got all the client's services.
  for (const service of ['Tax', 'Bookkeeping', 'Payroll']) {
    await expect(row.getByText(service, { exact: true }).first()).toBeVisible();
  }
});

test('an unknown client sends the user back to Clients', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/clients/personal/99999999/edit');
  await expect(page).toHaveURL(/\/clients$/);
});
