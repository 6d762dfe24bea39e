import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support.js';

/*
 * The upload dialog of My uploads (spec 02 sections 3-5). Each test uploads files with names of its
 * own, so it finds exactly its rows whatever else the Group2 cohort's client holds.
 */

const CLIENT_USER = 'b1g2_client@gmail.com';
const ADVISOR = 'b1g2_advisor@gmail.com';
const PASSWORD = 'Group2';
const CLIENT = 'Batch1 Group2 LLC';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A Windows executable wearing a .pdf name: the server checks the content, not the name. */
const EXECUTABLE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510)]);

interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** File names unique to this run; the document's name is the file's without its extension. */
function files() {
  const tag = randomBytes(4).toString('hex');
  return {
    pdf: { name: `statement-${tag}.pdf`, mimeType: 'application/pdf', buffer: PDF },
    png: { name: `receipt-${tag}.png`, mimeType: 'image/png', buffer: PNG },
    executable: { name: `invoice-${tag}.pdf`, mimeType: 'application/pdf', buffer: EXECUTABLE },
  };
}
const documentName = (file: TestFile) => file.name.replace(/\.[^.]+$/, '');
const documentRow = (page: Page, file: TestFile) =>
  page.getByRole('table').getByRole('row', { name: new RegExp(documentName(file)) });

async function openUploadDialog(page: Page): Promise<Locator> {
  await page.goto('/my-uploads');
  await page.getByRole('button', { name: 'Upload documents' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload documents' });
  await expect(dialog.getByRole('button', { name: 'Choose files' })).toBeVisible();
  return dialog;
}

async function chooseFiles(page: Page, dialog: Locator, chosen: TestFile[]) {
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles(chosen);
  for (const file of chosen) {
    // Listed with an empty bar until sent (an empty bar has no width, so it counts as hidden).
    await expect(dialog.getByRole('progressbar', { name: `Upload progress of ${file.name}` })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
  }
}

async function choose(page: Page, dialog: Locator, label: string, option: string) {
  await dialog.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Bookkeeping with a bank statement: the tag rule asks for a quarter and a year. Its message waits
 * for the first attempt to save, unless one was made already.
 */
async function fillBankStatement(page: Page, dialog: Locator, { triedToSave }: { triedToSave: boolean }) {
  await choose(page, dialog, 'Service', 'Bookkeeping');
  await expect(dialog.getByRole('combobox', { name: 'Quarter' })).toBeHidden();
  await choose(page, dialog, 'Document type', 'bank statement');
  await expect(dialog.getByRole('combobox', { name: 'Quarter' })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Year' })).toBeVisible();
  if (!triedToSave) {
    await expect(dialog.getByText('Choose a tag in Quarter and Year')).toBeHidden();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  }
  await expect(dialog.getByText('Choose a tag in Quarter and Year')).toBeVisible();

  await choose(page, dialog, 'Quarter', 'Q1');
  await choose(page, dialog, 'Year', '2025');
  await expect(dialog.getByText(/Choose a tag in/)).toBeHidden();
}

async function uploadAndExpectRows(page: Page, dialog: Locator, uploaded: TestFile[]) {
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Document(s) have been uploaded successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  for (const file of uploaded) await expect(documentRow(page, file)).toBeVisible();
}

test('a client user uploads two files into their current client with the tag rule', async ({ page }) => {
  const { pdf, png } = files();
  await signIn(page, CLIENT_USER, PASSWORD);
  const dialog = await openUploadDialog(page);
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
  // A client user uploads into their current client: no client field, no on-behalf box.
  await expect(dialog.getByRole('combobox', { name: 'Client' })).toBeHidden();
  await expect(dialog.getByRole('checkbox', { name: 'Upload on behalf of the client' })).toBeHidden();

  await chooseFiles(page, dialog, [pdf, png]);
  // The document name is asked only when exactly one file is uploaded.
  await expect(dialog.getByRole('textbox', { name: 'Document name' })).toBeHidden();
  await fillBankStatement(page, dialog, { triedToSave: false });
  await uploadAndExpectRows(page, dialog, [pdf, png]);
});

test('staff upload for a client found by remote search', async ({ page }) => {
  const { pdf, png } = files();
  await signIn(page, ADVISOR, PASSWORD);
  const dialog = await openUploadDialog(page);
  await chooseFiles(page, dialog, [pdf, png]);

  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByText('This field is required')).toHaveCount(2); // client and service

  const client = dialog.getByRole('combobox', { name: 'Client' });
  await client.fill('Ba');
  await expect(page.getByText('Type at least 3 characters')).toBeVisible();
  await client.fill('Batch1 Group2');
  await page.getByRole('option', { name: CLIENT, exact: true }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Upload on behalf of the client' })).not.toBeChecked();

  await fillBankStatement(page, dialog, { triedToSave: true });
  await uploadAndExpectRows(page, dialog, [pdf, png]);
  await expect(documentRow(page, pdf).getByText(CLIENT)).toBeVisible();
});

test('a refused file stays in the list with its reason while the valid one is uploaded', async ({ page }) => {
  const { png, executable } = files();
  await signIn(page, CLIENT_USER, PASSWORD);
  const dialog = await openUploadDialog(page);
  await chooseFiles(page, dialog, [executable, png]);
  await choose(page, dialog, 'Service', 'Bookkeeping');
  await choose(page, dialog, 'Document type', 'License');

  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();

  await expect(page.getByText('Document(s) have been uploaded successfully')).toBeVisible();
  await expect(page.getByText('An error occurred. 1 file could not be uploaded')).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: `Upload progress of ${png.name}` })).toHaveCount(0);
  const refused = dialog.getByRole('row', { name: new RegExp(executable.name) });
  await expect(refused.getByText('This file type is not allowed')).toBeVisible();
  // One file is left, so its name can now be given.
  await expect(dialog.getByRole('textbox', { name: 'Document name' })).toHaveValue(documentName(executable));

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(documentRow(page, png)).toBeVisible();
  await expect(documentRow(page, executable)).toBeHidden();
});
