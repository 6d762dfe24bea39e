import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, signIn } from './support.js';

/** Picks an option of a Mantine select (inside `scope`) by its label; the options open in a portal. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function usersTable(page: Page) {
  return page.getByRole('table', { name: 'Users' });
}

async function searchByEmail(page: Page, emailAddress: string, status?: 'Active' | 'Inactive' | 'All') {
  const panel = page.getByRole('search', { name: 'Search filters' });
  if (!(await panel.isVisible())) await page.getByRole('button', { name: 'Search', exact: true }).first().click();
  await panel.getByLabel('Email address').fill(emailAddress);
  if (status) await choose(page, panel, 'Status', status);
  await panel.getByRole('button', { name: 'Search' }).click();
}

async function rowAction(page: Page, fullName: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${fullName}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test.describe('users administration', () => {
  test('create a client user, edit, search, deactivate and activate, reset the password and sign in with it', async ({
    page,
    browser,
  }) => {
    // One journey through every dialog of the screen: longer than the default budget.
    test.setTimeout(60_000);
    const suffix = randomBytes(3).toString('hex');
    const firstName = 'Erin';
    const lastName = `Client${suffix}`;
    const emailAddress = `erin.${suffix}@example.com`;

    await signIn(page, DEMO.admin);
    await page.goto('/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

    // Create: a client needs an advisor and has no extension.
    await page.getByRole('button', { name: 'Create', exact: true }).first().click();
    const createDialog = page.getByRole('dialog', { name: 'Create user' });
    await expect(createDialog).toBeVisible();
    await createDialog.getByLabel('First name').fill(firstName);
    await createDialog.getByLabel('Last name').fill(lastName);
    await createDialog.getByLabel('Email address').fill(emailAddress);
    await createDialog.getByLabel('Phone number').fill('(555) 222-3333');
    await choose(page, createDialog, 'Role', 'Client');
    await expect(createDialog.getByLabel('Extension')).toHaveCount(0);
    await choose(page, createDialog, 'Advisor', 'advisor advisor');
    await createDialog.getByLabel(/^Password/).fill('Harbour7');
    await createDialog.getByLabel('Confirm password').fill('Harbour7');
    await createDialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText(`${firstName} ${lastName} has been created successfully`)).toBeVisible();
    await expect(createDialog).toBeHidden();

    // Search finds it, with its role chip and advisor.
    await searchByEmail(page, emailAddress);
    const row = usersTable(page).getByRole('row').filter({ hasText: emailAddress });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Client');
    await expect(row).toContainText('advisor advisor');
    await expect(row).toContainText('(555) 222-3333');
    await expect(page.getByText('1-1 of 1')).toBeVisible();

    // Edit: the username is editable now, the e-mail that is already taken is refused on blur.
    await rowAction(page, `${firstName} ${lastName}`, 'Edit');
    const editDialog = page.getByRole('dialog', { name: 'Edit user' });
    await expect(editDialog.getByLabel('Username')).toHaveValue(`erin.${suffix}`);
    await expect(editDialog.getByRole('combobox', { name: 'Role' })).toBeDisabled();
    await editDialog.getByLabel('Email address').fill(DEMO.advisor);
    await editDialog.getByLabel('Username').focus();
    await expect(editDialog.getByText(`${DEMO.advisor} is already taken. Try another.`)).toBeVisible();
    await editDialog.getByLabel('Email address').fill(emailAddress);
    await editDialog.getByLabel('Last name').fill(`${lastName}x`);
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${firstName} ${lastName}x has been updated successfully`)).toBeVisible();
    const fullName = `${firstName} ${lastName}x`;
    await expect(row).toContainText(fullName);

    // Deactivate: it leaves the active list; with "All" it shows again, inactive, and can be activated.
    await rowAction(page, fullName, 'Deactivate');
    const confirmDeactivate = page.getByRole('dialog', { name: 'Deactivate user' });
    await expect(confirmDeactivate).toContainText(`Are you sure you want to deactivate ${fullName}?`);
    await confirmDeactivate.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText(`${fullName} has been deactivated successfully`)).toBeVisible();
    await expect(page.getByText('Your search returned no results. Make sure you search properly')).toBeVisible();
    await searchByEmail(page, emailAddress, 'All');
    await expect(row.getByRole('img', { name: 'Inactive' })).toBeVisible();
    await rowAction(page, fullName, 'Activate');
    const confirmActivate = page.getByRole('dialog', { name: 'Activate user' });
    await expect(confirmActivate).toContainText(`Are you sure you want to activate ${fullName}?`);
    await confirmActivate.getByRole('button', { name: 'Activate' }).click();
    await expect(page.getByText(`${fullName} has been activated successfully`)).toBeVisible();
    await expect(row.getByRole('img', { name: 'Active' })).toBeVisible();

    // Reset the password, then the user signs in with it.
    await rowAction(page, fullName, 'Reset password');
    const resetDialog = page.getByRole('dialog', { name: 'Reset password' });
    await resetDialog.getByLabel(/^New password/).fill('Changed9');
    await resetDialog.getByLabel('Confirm new password').fill('Changed9');
    await resetDialog.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText(`The password of ${fullName} has been reset successfully`)).toBeVisible();

    const context = await browser.newContext();
    const userPage = await context.newPage();
    await signIn(userPage, emailAddress, 'Changed9');
    await context.close();
  });

  test('export downloads the users as Users_<date>.xlsx', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/users');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    expect((await download).suggestedFilename()).toMatch(/^Users_\d{4}-\d{2}-\d{2}\.xlsx$/);
    await expect(page.getByText('The users have been exported successfully')).toBeVisible();
  });

  test('an advisor lists and exports users, searches "Invited by me", and cannot create or edit', async ({ page }) => {
    await signIn(page, DEMO.advisor);
    await page.goto('/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'Search', exact: true }).first().click();
    const panel = page.getByRole('search', { name: 'Search filters' });
    await panel.getByLabel('Invited by me').check();
    await panel.getByRole('button', { name: 'Search' }).click();
    await expect(usersTable(page).getByRole('row').filter({ hasText: DEMO.client })).toHaveCount(1);
    // Other specs may register users this advisor invited meanwhile: check the filter by who is left out.
    await expect(usersTable(page).getByRole('row').filter({ hasText: DEMO.admin })).toHaveCount(0);
    await expect(usersTable(page).getByRole('row').filter({ hasText: DEMO.supervisor })).toHaveCount(0);
  });
});
