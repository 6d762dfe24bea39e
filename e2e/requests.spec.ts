import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, chooseAccount, signIn } from './support.js';
import { PDF, runTag } from './support-documents.js';

/*
 * Issue 20's journey: staff send a three-item request from the demo template "Year-end tax
 * documents" to b1g1's business client; the client finds it in To do, uploads to one item, answers
 * one and marks one not applicable; staff accept two and return one with a note; the client reads
 * the note and uploads; staff accept; the request is completed and leaves To do. The title is the
 * run's own, so other specs' requests for the same client change nothing here.
 */

const CLIENT_NAME = 'Batch1 Group1 LLC';
const W2 = 'W-2 and 1099 forms';
const HOME = 'Did you buy or sell a home this year?';
const CHILDCARE = 'Childcare receipts';

/** The client's card of one item on the request page. */
const clientItem = (page: Page, title: string) => page.getByRole('main').getByRole('article', { name: title });
/** Staff's section of one item on the request page. */
const staffItem = (page: Page, title: string) => page.getByRole('main').getByRole('region', { name: title });

async function sendFile(item: Locator, page: Page, fileName: string) {
  const chooser = page.waitForEvent('filechooser');
  await item.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles({ name: fileName, mimeType: 'application/pdf', buffer: PDF });
  await item.getByRole('button', { name: 'Send files' }).click();
  await expect(item.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '100');
  await expect(item.getByText('Submitted', { exact: true })).toBeVisible();
  await expect(item.getByRole('list', { name: 'Files sent' })).toContainText(fileName);
}

test('staff ask, the client responds item by item, staff review until the request is completed', async ({
  page: staff,
  browser,
}) => {
  test.slow(); // two people, three rounds
  const tag = runTag();
  const title = `Year-end tax documents ${tag}`;

  // Staff: a request from the template.
  await signIn(staff, DEMO.admin);
  await staff.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Requests', exact: true }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
  await staff.getByRole('button', { name: 'New request' }).first().click();
  const form = staff.getByRole('dialog', { name: 'New request' });
  await form.getByRole('combobox', { name: 'Client' }).fill('Batch1 Group1');
  await staff.getByRole('option', { name: CLIENT_NAME, exact: true }).click();
  await form.getByRole('combobox', { name: 'Start from a template' }).click();
  await staff.getByRole('option', { name: 'Year-end tax documents' }).click();
  await expect(form.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Year-end tax documents');
  await expect(form.getByRole('combobox', { name: 'Service' })).not.toHaveValue('');
  await expect(form.getByRole('textbox', { name: 'Item title', exact: true })).toHaveCount(3);
  await form.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form).toBeHidden();
  await expect(staff.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const requestUrl = staff.url();

  // The client: To do first on Home, then the request.
  const client = await (await browser.newContext()).newPage();
  await signIn(client, DEMO.client);
  await chooseAccount(client, CLIENT_NAME);
  const card = client.getByRole('main').getByRole('region', { name: 'To do' });
  await expect(card.getByText(title).first()).toBeVisible();
  await client.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'To do', exact: true }).click();
  const list = client.getByRole('main').getByRole('region', { name: 'Things waiting on you' });
  await list
    .getByRole('listitem', { name: W2 })
    .filter({ hasText: title })
    .getByRole('link', { name: 'Respond' })
    .click();
  await expect(client.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await sendFile(clientItem(client, W2), client, `w2-${tag}.pdf`);
  const home = clientItem(client, HOME);
  await home.getByRole('textbox', { name: 'Your answer' }).fill('No, we stayed put.');
  await home.getByRole('button', { name: 'Send answer' }).click();
  await expect(home.getByText('Submitted', { exact: true })).toBeVisible();
  await clientItem(client, CHILDCARE).getByRole('button', { name: 'Not applicable' }).click();
  const notApplicable = client.getByRole('dialog', { name: 'Not applicable' });
  await notApplicable.getByRole('textbox', { name: 'Reason' }).fill('No childcare this year.');
  await notApplicable.getByRole('button', { name: 'Send' }).click();
  await expect(notApplicable).toBeHidden();
  await expect(clientItem(client, CHILDCARE).getByText('Submitted', { exact: true })).toBeVisible();

  // Staff: accept two, return one with a note.
  await staff.goto(requestUrl);
  await expect(staffItem(staff, W2).getByRole('link', { name: `Open w2-${tag}` })).toBeVisible();
  await expect(staffItem(staff, HOME).getByText('No, we stayed put.')).toBeVisible();
  await expect(staffItem(staff, CHILDCARE).getByText('No childcare this year.')).toBeVisible();
  await staffItem(staff, W2)
    .getByRole('button', { name: `Accept ${W2}` })
    .click();
  await expect(staffItem(staff, W2).getByText('Accepted', { exact: true })).toBeVisible();
  await staffItem(staff, HOME)
    .getByRole('button', { name: `Accept ${HOME}` })
    .click();
  await expect(staffItem(staff, HOME).getByText('Accepted', { exact: true })).toBeVisible();
  await staffItem(staff, CHILDCARE)
    .getByRole('button', { name: `Return ${CHILDCARE} for revision` })
    .click();
  const returnDialog = staff.getByRole('dialog', { name: 'Return for revision' });
  const note = 'You claimed the childcare credit last year: please send the receipts.';
  await returnDialog.getByRole('textbox', { name: 'Note to the client' }).fill(note);
  await returnDialog.getByRole('button', { name: 'Return item' }).click();
  await expect(returnDialog).toBeHidden();
  await expect(staffItem(staff, CHILDCARE).getByText('Returned', { exact: true })).toBeVisible();
  await expect(staff.getByText('2 of 3').first()).toBeVisible();

  // The client reads the note and uploads.
  await client.goto('/to-do');
  const returned = client.getByRole('main').getByRole('listitem', { name: CHILDCARE }).filter({ hasText: title });
  await expect(returned.getByText(`Returned: ${note}`)).toBeVisible();
  await returned.getByRole('link', { name: 'Respond' }).click();
  await expect(clientItem(client, CHILDCARE).getByText(note)).toBeVisible();
  await sendFile(clientItem(client, CHILDCARE), client, `childcare-${tag}.pdf`);

  // Staff accept the last item: completed.
  await staff.reload();
  await staffItem(staff, CHILDCARE)
    .getByRole('button', { name: `Accept ${CHILDCARE}` })
    .click();
  await expect(staffItem(staff, CHILDCARE).getByText('Accepted', { exact: true })).toBeVisible();
  await expect(staff.getByText('Completed', { exact: true }).first()).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Cancel request' })).toBeHidden();

  // It has left the client's To do.
  await client.goto('/to-do');
  await expect(client.getByRole('main').getByRole('heading', { level: 1, name: 'To do' })).toBeVisible();
  await expect(client.getByRole('main').getByText(title)).toHaveCount(0);
});
