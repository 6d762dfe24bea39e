import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support.js';

/*
 * Issue 21 items 2 and 5: two tabs edit the same client. The second save is refused with who saved
 * and what they changed, keeps what was typed, and saving after taking their changes in keeps both.
 */
test('two tabs edit one client: the second save shows the conflict and keeps both changes', async ({
  page,
  context,
}) => {
  const name = `Two Tabs ${randomBytes(3).toString('hex')} LLC`;
  await signIn(page, DEMO.admin);
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Create new client' }).first().click();
  await page.getByRole('menuitem', { name: 'Business client' }).click();
  const create = page.getByRole('dialog', { name: 'Create business client' });
  await create.getByLabel('Business name').fill(name);
  await create.getByRole('combobox', { name: 'Owner' }).fill('b1g3_client');
  await page.getByRole('option', { name: 'Batch1 Group3 (b1g3_client@gmail.com)' }).click();
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/clients\/business\/\d+\/edit$/);
  const editUrl = page.url();
  // A new client's first save completes what the edit form requires.
  await page.getByLabel('E-mail address').fill('office@two-tabs.example');
  await page.getByRole('checkbox', { name: 'Tax' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`${name} has been updated successfully`)).toBeVisible();
  await page.goto(editUrl);
  await expect(page.getByLabel('Trade name')).toBeVisible();

  // The second tab opens the same client before the first saves.
  const other = await context.newPage();
  await other.goto(editUrl);
  await expect(other.getByLabel('Trade name')).toBeVisible();

  await page.getByLabel('Trade name').fill('Alpha Trading');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`${name} has been updated successfully`)).toBeVisible();

  await other.getByLabel('Website').fill('https://beta.example');
  await other.getByRole('button', { name: 'Save', exact: true }).click();
  const conflict = other.getByRole('alert').filter({ hasText: 'Someone else saved this while you were editing' });
  await expect(conflict).toContainText('Batch1 Group1 saved it on');
  await expect(conflict).toContainText('They changed: Trade name.');
  await expect(other.getByLabel('Website')).toHaveValue('https://beta.example');
  await expect(other.getByLabel('Trade name')).toHaveValue('');

  await conflict.getByRole('button', { name: 'Take their changes, keep mine' }).click();
  await expect(other.getByLabel('Trade name')).toHaveValue('Alpha Trading');
  await expect(other.getByLabel('Website')).toHaveValue('https://beta.example');
  await other.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(other.getByText(`${name} has been updated successfully`)).toBeVisible();

  await other.goto(editUrl);
  await expect(other.getByLabel('Trade name')).toHaveValue('Alpha Trading');
  await expect(other.getByLabel('Website')).toHaveValue('https://beta.example');
});
