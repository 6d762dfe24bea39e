import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './support.js';

const suffix = () => randomBytes(3).toString('hex');
// The smallest valid PNG: 1x1, transparent.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function servicesTable(page: Page) {
  return page.getByRole('table', { name: 'Services' });
}

function serviceRow(page: Page, displayName: string) {
  return servicesTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Edit service ${displayName}`, exact: true }) });
}

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Opens the search panel if needed; searches by name with the given status. */
async function search(page: Page, name: string, status: 'Active' | 'Inactive' | 'All' = 'Active') {
  const panel = page.getByRole('search', { name: 'Search filters' });
  if (!(await panel.isVisible())) await page.getByRole('button', { name: 'Search', expanded: false }).click();
  await panel.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await choose(page, panel, 'Status', status);
  await panel.getByRole('button', { name: 'Search' }).click();
}

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/services');
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
});

test('lists the active services with their department', async ({ page }) => {
  const tax = serviceRow(page, 'Tax');
  await expect(tax.getByRole('img', { name: 'Active' })).toBeVisible();
  await expect(tax.getByRole('cell', { name: 'Tax', exact: true }).first()).toBeVisible();
  await expect(serviceRow(page, 'Payroll').getByRole('cell', { name: 'Payroll' }).last()).toBeVisible();
});

test('create, search, edit, deactivate, activate and delete a service', async ({ page }) => {
  const id = suffix();
  const displayName = `Audit ${id}`;

  // Create, with a department, the default colour and an icon.
  await page.getByRole('button', { name: 'Create service' }).click();
  const create = page.getByRole('dialog', { name: 'Create service' });
  await create.getByRole('textbox', { name: 'Name', exact: true }).fill(`audit-${id}`);
  await create.getByRole('textbox', { name: 'Display name' }).fill(displayName);
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create.getByText('This field is required')).toBeVisible(); // the department
  await choose(page, create, 'Department', 'Payroll');
  await expect(create.getByRole('textbox', { name: 'Color' })).toHaveValue('#607D8B');
  await create.locator('input[type="file"]').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: PNG });
  await expect(create.getByRole('img', { name: 'Icon preview' })).toBeVisible();
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByText(`${displayName} has been created successfully`)).toBeVisible();

  // The display name again is refused on blur.
  await page.getByRole('button', { name: 'Create service' }).click();
  const duplicate = page.getByRole('dialog', { name: 'Create service' });
  await duplicate.getByRole('textbox', { name: 'Display name' }).fill(displayName.toUpperCase());
  await duplicate.getByRole('textbox', { name: 'Name', exact: true }).focus();
  await expect(duplicate.getByText(`${displayName.toUpperCase()} is already taken. Try another.`)).toBeVisible();
  await duplicate.getByRole('button', { name: 'Cancel' }).click();
  await expect(duplicate).toBeHidden();

  // Search.
  await search(page, id);
  await expect(servicesTable(page).getByRole('row')).toHaveCount(2);
  const row = () => serviceRow(page, displayName);
  await expect(row().getByRole('cell', { name: 'Payroll' })).toBeVisible();

  // Edit: the icon is loaded with the service.
  await row()
    .getByRole('button', { name: `Edit service ${displayName}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit service' });
  await expect(edit.getByRole('img', { name: 'Icon preview' })).toBeVisible();
  await choose(page, edit, 'Department', 'Bookkeeping');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText(`${displayName} has been updated successfully`)).toBeVisible();
  await expect(row().getByRole('cell', { name: 'Bookkeeping' })).toBeVisible();

  // Deactivate: it leaves the list of active services.
  await row()
    .getByRole('button', { name: `Deactivate service ${displayName}` })
    .click();
  const deactivate = page.getByRole('dialog', { name: 'Deactivate service' });
  await expect(deactivate.getByText(`Are you sure you want to deactivate the service ${displayName}?`)).toBeVisible();
  await deactivate.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText(`${displayName} has been deactivated successfully`)).toBeVisible();
  await expect(page.getByText('Your search returned no results. Make sure you search properly')).toBeVisible();

  // All statuses: it is there, marked inactive; activate it again.
  await search(page, id, 'All');
  await expect(row().getByRole('img', { name: 'Inactive' })).toBeVisible();
  await row()
    .getByRole('button', { name: `Activate service ${displayName}` })
    .click();
  const activate = page.getByRole('dialog', { name: 'Activate service' });
  await activate.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText(`${displayName} has been activated successfully`)).toBeVisible();
  await expect(row().getByRole('img', { name: 'Active' })).toBeVisible();

  // Delete.
  await row()
    .getByRole('button', { name: `Delete service ${displayName}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete service' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${displayName} has been deleted successfully`)).toBeVisible();
  await expect(servicesTable(page).getByRole('button', { name: `Edit service ${displayName}` })).toHaveCount(0);
});

test('a service clients use cannot be deleted', async ({ page }) => {
  // The demo clients use Tax.
  await serviceRow(page, 'Tax').getByRole('button', { name: 'Delete service Tax' }).click();
  await page.getByRole('dialog', { name: 'Delete service' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText("Tax is used by clients and can't be deleted. Deactivate it instead.")).toBeVisible();
  await expect(serviceRow(page, 'Tax')).toBeVisible();
});
