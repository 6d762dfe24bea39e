import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, signIn } from './support.js';

// This spec owns every template and recurring request it touches: each run names its own, and
// deletes them again. The recurring request is made inactive, so the hourly job never sends it to
// the chosen client while it exists.
const tag = () => randomBytes(3).toString('hex');

async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function row(page: Page, table: string, text: string) {
  return page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });
}

test('an admin builds a template, sends it every month to chosen clients, then removes both', async ({ page }) => {
  const run = tag();
  const name = `Receipts ${run}`;
  const title = `Monthly receipts ${run}`;
  const scheduleName = `Receipts every month ${run}`;
  await signIn(page, DEMO.admin);

  // A template with two items: documents with a tag, and a question.
  await page.goto('/request-templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Request templates' })).toBeVisible();
  await page.getByRole('button', { name: 'New template' }).first().click();
  const create = page.getByRole('dialog', { name: 'New request template' });
  await create.getByRole('textbox', { name: 'Template name' }).fill(name);
  await create.getByRole('textbox', { name: 'Request title' }).fill(title);
  await choose(page, create.getByRole('combobox', { name: 'Service' }), 'Bookkeeping');
  await create.getByRole('textbox', { name: 'Due after (days)' }).fill('7');
  const first = create.getByRole('region', { name: 'Item 1' });
  await first.getByRole('textbox', { name: 'Item title' }).fill('Receipts of the month');
  await choose(page, first.getByRole('combobox', { name: 'Document type' }), 'Other Documents');
  await create.getByRole('button', { name: 'Add item' }).click();
  const second = create.getByRole('region', { name: 'Item 2' });
  await expect(second.getByRole('textbox', { name: 'Item title' })).toBeFocused();
  await second.getByRole('textbox', { name: 'Item title' }).fill('Anything unusual this month?');
  await second.getByRole('radio', { name: 'Answer', exact: true }).check();
  await expect(second.getByRole('group', { name: 'Tags' })).toBeHidden();
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByText(`The template ${name} has been created`)).toBeVisible();

  const templateRow = row(page, 'Request templates', name);
  await expect(templateRow).toHaveCount(1);
  await expect(templateRow.getByRole('cell', { name: '7 days', exact: true })).toBeVisible();
  await expect(templateRow.getByRole('cell', { name: '2', exact: true })).toBeVisible();

  // Edit: a later due date, and the question first.
  await templateRow.getByRole('button', { name: `Edit template ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit request template' });
  await expect(edit.getByRole('textbox', { name: 'Template name' })).toHaveValue(name);
  await edit.getByRole('textbox', { name: 'Due after (days)' }).fill('10');
  await edit.getByRole('button', { name: 'Move Anything unusual this month? up' }).click();
  await expect(edit.getByRole('region', { name: 'Item 1' }).getByRole('textbox', { name: 'Item title' })).toHaveValue(
    'Anything unusual this month?',
  );
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText(`The template ${name} has been updated`)).toBeVisible();
  await expect(templateRow.getByRole('cell', { name: '10 days', exact: true })).toBeVisible();

  // A recurring request from it, for one chosen client, switched off.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Recurring requests' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recurring requests' })).toBeVisible();
  await page.getByRole('button', { name: 'New recurring request' }).first().click();
  const schedule = page.getByRole('dialog', { name: 'New recurring request' });
  await schedule.getByRole('textbox', { name: 'Name', exact: true }).fill(scheduleName);
  await choose(page, schedule.getByRole('combobox', { name: 'Template' }), name);
  await schedule.getByRole('textbox', { name: 'Day of the month' }).fill('5');
  await expect(schedule.getByRole('radio', { name: 'Chosen clients' })).toBeChecked();
  await schedule.getByRole('combobox', { name: 'Clients' }).fill('Northwind');
  await page.getByRole('option', { name: 'Northwind Bakery LLC' }).click();
  await expect(schedule.getByRole('button', { name: 'Remove Northwind Bakery LLC' })).toBeVisible();
  await expect(schedule.getByText(`On day 5 of each month, each client gets a request “${title} - `)).toBeVisible();
  await expect(schedule.getByText('due 10 days later')).toBeVisible();
  await schedule.getByRole('switch', { name: 'Active' }).uncheck();
  await schedule.getByRole('button', { name: 'Save' }).click();
  await expect(schedule).toBeHidden();
  await expect(page.getByText(`The recurring request ${scheduleName} has been created`)).toBeVisible();

  const scheduleRow = row(page, 'Recurring requests', scheduleName);
  await expect(scheduleRow.getByRole('cell', { name: name, exact: true })).toBeVisible();
  await expect(scheduleRow.getByRole('cell', { name: 'Day 5 of each month' })).toBeVisible();
  await expect(scheduleRow.getByRole('cell', { name: '1 chosen client' })).toBeVisible();
  await expect(scheduleRow.getByRole('img', { name: 'Inactive' })).toBeVisible();

  // The template cannot go while the recurring request uses it: the dialog says why and leads there.
  await page.goto('/request-templates');
  await row(page, 'Request templates', name)
    .getByRole('button', { name: `Delete template ${name}` })
    .click();
  const blocked = page.getByRole('dialog', { name: 'Delete template' });
  await blocked.getByRole('button', { name: 'Delete' }).click();
  await expect(blocked.getByRole('alert')).toContainText(`${name} is used by a recurring request`);
  await blocked.getByRole('link', { name: 'Open recurring requests' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recurring requests' })).toBeVisible();

  await row(page, 'Recurring requests', scheduleName)
    .getByRole('button', { name: `Delete recurring request ${scheduleName}` })
    .click();
  const confirmSchedule = page.getByRole('dialog', { name: 'Delete recurring request' });
  await expect(confirmSchedule.getByText('the requests it already made stay with their clients')).toBeVisible();
  await confirmSchedule.getByRole('button', { name: 'Delete' }).click();
  await expect(confirmSchedule).toBeHidden();
  await expect(page.getByText(`The recurring request ${scheduleName} has been deleted`)).toBeVisible();
  await expect(row(page, 'Recurring requests', scheduleName)).toHaveCount(0);

  await page.goto('/request-templates');
  await row(page, 'Request templates', name)
    .getByRole('button', { name: `Delete template ${name}` })
    .click();
  const confirmTemplate = page.getByRole('dialog', { name: 'Delete template' });
  await confirmTemplate.getByRole('button', { name: 'Delete' }).click();
  await expect(confirmTemplate).toBeHidden();
  await expect(page.getByText(`The template ${name} has been deleted`)).toBeVisible();
  await expect(row(page, 'Request templates', name)).toHaveCount(0);
});
