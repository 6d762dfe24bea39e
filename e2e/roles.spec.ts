import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './support.js';

const suffix = () => randomBytes(3).toString('hex');

function rolesTable(page: Page) {
  return page.getByRole('table', { name: 'Roles' });
}

function roleRow(page: Page, displayName: string) {
  return rolesTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Edit role ${displayName}`, exact: true }) });
}

/** Opens the search panel if needed and searches by name. */
async function searchByName(page: Page, name: string) {
  const panel = page.getByRole('search', { name: 'Search filters' });
  if (!(await panel.isVisible())) await page.getByRole('button', { name: 'Search', expanded: false }).click();
  await panel.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await panel.getByRole('button', { name: 'Search' }).click();
}

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/roles');
  await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
});

test('static roles are marked and offer no delete', async ({ page }) => {
  const advisor = roleRow(page, 'Advisor');
  await expect(advisor.getByRole('img', { name: 'Static role' })).toBeVisible();
  await expect(advisor.getByRole('button', { name: 'Delete role Advisor' })).toHaveCount(0);
  await expect(roleRow(page, 'Admin').getByRole('img', { name: 'Static role' })).toHaveCount(0);

  await advisor.getByRole('button', { name: 'Edit role Advisor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit role' });
  await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toBeDisabled();
  await expect(dialog.getByRole('checkbox', { name: 'List clients' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'List clients' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('create, search, edit and delete a role', async ({ page }) => {
  const id = suffix();
  const displayName = `Auditor ${id}`;

  // Create: the permission is required, then a whole area is picked at once.
  await page.getByRole('button', { name: 'Create role' }).click();
  const create = page.getByRole('dialog', { name: 'Create role' });
  await create.getByRole('textbox', { name: 'Name', exact: true }).fill(`auditor-${id}`);
  await create.getByRole('textbox', { name: 'Display name' }).fill(displayName);
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create.getByText('Select at least one permission')).toBeVisible();
  await create.getByRole('checkbox', { name: 'Select all Coupons permissions' }).check();
  await expect(create.getByRole('checkbox', { name: 'Create coupons' })).toBeChecked();
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByText(`${displayName} has been created successfully`)).toBeVisible();

  // The same name again is refused on blur, naming the value.
  await page.getByRole('button', { name: 'Create role' }).click();
  const duplicate = page.getByRole('dialog', { name: 'Create role' });
  await duplicate.getByRole('textbox', { name: 'Name', exact: true }).fill(`AUDITOR-${id}`);
  await duplicate.getByRole('textbox', { name: 'Display name' }).focus();
  await expect(duplicate.getByText(`AUDITOR-${id} is already taken. Try another.`)).toBeVisible();
  await duplicate.getByRole('button', { name: 'Cancel' }).click();
  await expect(duplicate).toBeHidden();

  // Search.
  await searchByName(page, id);
  await expect(rolesTable(page).getByRole('row')).toHaveCount(2); // header + the role
  await expect(roleRow(page, displayName)).toBeVisible();
  await expect(page.getByText('1-1 of 1')).toBeVisible();

  // Edit: the form starts from the stored role.
  await roleRow(page, displayName)
    .getByRole('button', { name: `Edit role ${displayName}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit role' });
  await expect(edit.getByRole('checkbox', { name: 'Create coupons' })).toBeChecked();
  await edit.getByRole('checkbox', { name: 'List roles' }).check();
  const renamed = `Senior auditor ${id}`;
  await edit.getByRole('textbox', { name: 'Display name' }).fill(renamed);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText(`${renamed} has been updated successfully`)).toBeVisible();
  await expect(roleRow(page, renamed)).toBeVisible();

  // Delete.
  await roleRow(page, renamed)
    .getByRole('button', { name: `Delete role ${renamed}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete role' });
  await expect(confirm.getByText(`Are you sure you want to delete the role ${renamed}?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${renamed} has been deleted successfully`)).toBeVisible();
  await expect(page.getByText('Your search returned no results. Make sure you search properly')).toBeVisible();
});
