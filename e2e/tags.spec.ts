import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './support.js';

// Reordering names every group, so a group created meanwhile by the other test would make it fail.
test.describe.configure({ mode: 'serial' });

const suffix = () => randomBytes(3).toString('hex');

function groupsTable(page: Page) {
  return page.getByRole('table', { name: 'Tag groups' });
}

function groupRow(page: Page, displayName: string) {
  return groupsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Edit tag group ${displayName}`, exact: true }) });
}

async function createGroup(page: Page, name: string, displayName: string) {
  await page.getByRole('button', { name: 'Create tag group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create tag group' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByRole('textbox', { name: 'Display name' }).fill(displayName);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${displayName} has been created successfully`, { exact: true })).toBeVisible();
}

async function addTag(page: Page, groupDisplayName: string, name: string, displayName: string) {
  await groupRow(page, groupDisplayName)
    .getByRole('button', { name: `Add tag to ${groupDisplayName}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Add tag to ${groupDisplayName}` });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByRole('textbox', { name: 'Display name' }).fill(displayName);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${displayName} has been created successfully`, { exact: true })).toBeVisible();
}

/** The display names of the groups, top to bottom. */
async function groupOrder(page: Page): Promise<string[]> {
  const labels = await groupsTable(page)
    .getByRole('button', { name: /^Edit tag group / })
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^Edit tag group /, ''));
}

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/tags');
  await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible();
});

test('shows the seeded groups with the main one marked', async ({ page }) => {
  const main = groupRow(page, 'Document type');
  await expect(main.getByRole('img', { name: 'Main tag group' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Tax Return', exact: true })).toBeVisible();
  await expect(groupRow(page, 'Quarter').getByRole('button', { name: 'Q1', exact: true })).toBeVisible();
  await expect(groupRow(page, 'Quarter').getByRole('img', { name: 'Main tag group' })).toHaveCount(0);
});

test('create a group, add and edit tags, deactivate and activate one, then delete', async ({ page }) => {
  const id = suffix();
  const group = `Period ${id}`;
  await createGroup(page, `period-${id}`, group);

  // The same name again is refused on blur, naming the value.
  await page.getByRole('button', { name: 'Create tag group' }).click();
  const duplicate = page.getByRole('dialog', { name: 'Create tag group' });
  await duplicate.getByRole('textbox', { name: 'Name', exact: true }).fill(`PERIOD-${id}`);
  await duplicate.getByRole('textbox', { name: 'Display name' }).focus();
  await expect(duplicate.getByText(`PERIOD-${id} is already taken. Try another.`)).toBeVisible();
  await duplicate.getByRole('button', { name: 'Cancel' }).click();
  await expect(duplicate).toBeHidden();

  await addTag(page, group, `h1-${id}`, `H1 ${id}`);
  await addTag(page, group, `h2-${id}`, `H2 ${id}`);
  const row = groupRow(page, group);
  await expect(row.getByRole('button', { name: `H1 ${id}`, exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `H2 ${id}`, exact: true })).toBeVisible();

  // Selecting a chip reveals that tag's actions.
  await expect(row.getByRole('button', { name: `Edit tag H1 ${id}` })).toHaveCount(0);
  await row.getByRole('button', { name: `H1 ${id}`, exact: true }).click();
  await row.getByRole('button', { name: `Edit tag H1 ${id}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit tag' });
  await expect(edit.getByRole('textbox', { name: 'Display name' })).toHaveValue(`H1 ${id}`);
  await edit.getByRole('textbox', { name: 'Display name' }).fill(`First half ${id}`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`First half ${id} has been updated successfully`, { exact: true })).toBeVisible();

  // Deactivate: the confirmation is worded by the state, and the list shows active tags by default.
  const chip = row.getByRole('button', { name: `First half ${id}`, exact: true });
  await expect(chip).toHaveAttribute('aria-pressed', 'false');
  await chip.click();
  await row.getByRole('button', { name: `Deactivate tag First half ${id}` }).click();
  const deactivate = page.getByRole('dialog', { name: 'Deactivate tag' });
  await expect(deactivate).toContainText(`deactivate the tag First half ${id}`);
  await deactivate.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText(`First half ${id} has been deactivated successfully`, { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: new RegExp(`^First half ${id}`) })).toHaveCount(0);

  // The switch lives in the URL (isActive=all), so its state follows the navigation.
  await page.getByRole('switch', { name: 'Show inactive tags' }).click();
  await expect(page.getByRole('switch', { name: 'Show inactive tags' })).toBeChecked();
  const inactive = row.getByRole('button', { name: `First half ${id} (Inactive)` });
  await expect(inactive).toBeVisible();
  await inactive.click();
  await row.getByRole('button', { name: `Activate tag First half ${id}` }).click();
  const activate = page.getByRole('dialog', { name: 'Activate tag' });
  await activate.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText(`First half ${id} has been activated successfully`, { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `First half ${id}`, exact: true })).toBeVisible();

  // Edit the group.
  await row.getByRole('button', { name: `Edit tag group ${group}` }).click();
  const editGroup = page.getByRole('dialog', { name: 'Edit tag group' });
  await expect(editGroup.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(`period-${id}`);
  await editGroup.getByRole('textbox', { name: 'Display name' }).fill(`Half ${id}`);
  await editGroup.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Half ${id} has been updated successfully`, { exact: true })).toBeVisible();
  const renamed = groupRow(page, `Half ${id}`);

  // Delete one tag, then the group.
  await renamed.getByRole('button', { name: `H2 ${id}`, exact: true }).click();
  await renamed.getByRole('button', { name: `Delete tag H2 ${id}` }).click();
  await page.getByRole('dialog', { name: 'Delete tag' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`H2 ${id} has been deleted successfully`, { exact: true })).toBeVisible();
  await expect(renamed.getByRole('button', { name: `H2 ${id}`, exact: true })).toHaveCount(0);

  await renamed.getByRole('button', { name: `Delete tag group Half ${id}` }).click();
  const deleteGroup = page.getByRole('dialog', { name: 'Delete tag group' });
  await expect(deleteGroup).toContainText(`Half ${id}`);
  await deleteGroup.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Half ${id} has been deleted successfully`, { exact: true })).toBeVisible();
  await expect(groupRow(page, `Half ${id}`)).toHaveCount(0);
});

test('the text filter narrows the list and turns reordering off', async ({ page }) => {
  const search = page.getByLabel('Search tag groups and tags');
  await search.fill('financials');
  await expect(groupsTable(page).getByRole('row')).toHaveCount(2); // header + Document type
  await expect(groupRow(page, 'Document type')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Drag to reorder Document type' })).toBeDisabled();
  await search.fill(`nothing-${suffix()}`);
  await expect(page.getByText('Your search returned no results. Make sure you search properly')).toBeVisible();
  await search.fill('');
  await expect(page.getByRole('button', { name: 'Drag to reorder Document type' })).toBeEnabled();
});

test('reorder groups with the keyboard, and the order is kept', async ({ page }) => {
  const id = suffix();
  await createGroup(page, `first-${id}`, `First ${id}`);
  await createGroup(page, `second-${id}`, `Second ${id}`);
  const before = await groupOrder(page);
  expect(before.slice(-2)).toEqual([`First ${id}`, `Second ${id}`]);

  const handle = page.getByRole('button', { name: `Drag to reorder Second ${id}` });
  const count = before.length;
  // Each step waits for what a screen reader would hear before the next key, as a user would.
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(`Tag group Second ${id} is over position ${count} of ${count}.`)).toBeAttached();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText(`Tag group Second ${id} is over position ${count - 1} of ${count}.`)).toBeAttached();
  await page.keyboard.press('Space');
  await expect(
    page.getByText(`Tag group Second ${id} was dropped at position ${count - 1} of ${count}.`),
  ).toBeAttached();

  const expected = [...before.slice(0, -2), `Second ${id}`, `First ${id}`];
  await expect.poll(() => groupOrder(page)).toEqual(expected);
  await page.reload();
  await expect(groupRow(page, `First ${id}`)).toBeVisible();
  expect(await groupOrder(page)).toEqual(expected);
});
