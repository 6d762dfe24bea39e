import { expect, test } from '@playwright/test';
import { signIn } from './support.js';
import {
  GROUP2,
  PDF,
  PNG,
  apiSignIn,
  runTag,
  searchByName,
  uploadDocument,
  uploadTargets,
} from './support-documents.js';

/*
 * My uploads and Received docs (spec 02): the client user's uploads are the firm's received documents.
 * Each test uploads its own documents through the API, named with a tag of its own.
 */

test('staff on Received docs: filter by name and service, preview, comment, zip download, change status', async ({
  page,
  request,
}) => {
  test.slow();
  const tag = runTag();
  const client = await apiSignIn(request, GROUP2.client, GROUP2.clientName);
  const targets = await uploadTargets(request, client);
  expect(targets.length, 'the client has two services with a one-tag document type').toBeGreaterThanOrEqual(2);
  const [first, second] = targets as [(typeof targets)[0], (typeof targets)[0]];
  const pdfName = `e2e-list-${tag}-statement`;
  const pngName = `e2e-list-${tag}-receipt`;
  await uploadDocument(request, client, {
    file: { name: 'statement.pdf', mimeType: 'application/pdf', buffer: PDF },
    displayName: pdfName,
    serviceId: first.service.id,
    tagId: first.tag.id,
  });
  await uploadDocument(request, client, {
    file: { name: 'receipt.png', mimeType: 'image/png', buffer: PNG },
    displayName: pngName,
    serviceId: second.service.id,
    tagId: second.tag.id,
  });

  await signIn(page, GROUP2.admin, GROUP2.password);
  await page.goto('/received-docs');
  await expect(page.getByRole('heading', { level: 1, name: 'Received docs' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Received docs' });
  const row = (name: string) => table.getByRole('row', { name: new RegExp(name) });

  // Filter by document name, then by service as well.
  await searchByName(page, `e2e-list-${tag}`);
  await expect(page).toHaveURL(new RegExp(`displayName=e2e-list-${tag}`));
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(row(pdfName)).toContainText(GROUP2.clientName);
  await expect(row(pdfName)).toContainText(first.tag.displayName);
  const panel = page.getByRole('search', { name: 'Search filters' });
  await panel.getByRole('combobox', { name: 'Service', exact: true }).click();
  await page.getByRole('option', { name: first.service.displayName, exact: true }).click();
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(row(pdfName)).toBeVisible();
  await expect(row(pngName)).toHaveCount(0);
  await panel.getByRole('combobox', { name: 'Service', exact: true }).click();
  await page.getByRole('option', { name: first.service.displayName, exact: true }).click(); // deselects
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect(table.getByRole('row')).toHaveCount(3);

  // Preview: the in-app viewer, titled with the file's real name (e2e/document-viewer.spec.ts has the rest).
  await row(pngName)
    .getByRole('button', { name: `Preview ${pngName}` })
    .click();
  const viewer = page.getByRole('dialog', { name: 'receipt.png' });
  await expect(viewer.getByRole('img', { name: 'receipt.png' })).toBeVisible();
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();

  // A comment shows in the side panel and as the row's badge count.
  await row(pngName)
    .getByRole('button', { name: `Comments on ${pngName}` })
    .click();
  const drawer = page.getByRole('dialog', { name: `Comments: ${pngName}` });
  await drawer.getByRole('button', { name: 'Add comment' }).click();
  await expect(drawer.getByText('This field is required')).toBeVisible();
  await drawer.getByRole('textbox', { name: 'New comment' }).fill('Please resend the second page.');
  await drawer.getByRole('button', { name: 'Add comment' }).click();
  await expect(page.getByText('The comment has been added successfully')).toBeVisible();
  await expect(drawer.getByRole('list', { name: `Comments on ${pngName}` }).getByRole('listitem')).toHaveCount(1);
  await expect(drawer.getByText('Please resend the second page.')).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(row(pngName).getByRole('button', { name: `Comments on ${pngName} (1 comment)` })).toBeVisible();

  // Both rows as one zip.
  await table.getByRole('checkbox', { name: 'Select all documents on this page' }).check();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  expect((await download).suggestedFilename()).toMatch(/\.zip$/);

  // Bulk status change, with a comment that lands on both documents.
  await page.getByRole('button', { name: 'Change status' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change status' });
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Done', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Comment' }).fill('Filed with the return.');
  await dialog.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByText('The status has been updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(pdfName)).toContainText('Done');
  await expect(row(pngName)).toContainText('Done');
  await expect(row(pngName).getByRole('button', { name: `Comments on ${pngName} (2 comments)` })).toBeVisible();
});

test('client on My uploads: their own uploads with status, the document page, and delete', async ({
  page,
  request,
}) => {
  const tag = runTag();
  const client = await apiSignIn(request, GROUP2.client, GROUP2.clientName);
  const [target] = await uploadTargets(request, client);
  const name = `e2e-mine-${tag}`;
  const id = await uploadDocument(request, client, {
    file: { name: 'letter.pdf', mimeType: 'application/pdf', buffer: PDF },
    displayName: name,
    serviceId: target!.service.id,
    tagId: target!.tag.id,
  });

  await signIn(page, GROUP2.client, GROUP2.password);
  await page.goto('/my-uploads');
  await searchByName(page, name);
  const table = page.getByRole('table', { name: 'My uploads' });
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Open');
  await expect(table.getByRole('columnheader', { name: 'Client' })).toHaveCount(0);

  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/documents/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download' })).toBeVisible();
  await page.goBack();

  await row.getByRole('checkbox', { name: `Select ${name}` }).check();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete documents' });
  await expect(dialog).toContainText('Delete 1 document?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('1 document has been deleted successfully')).toBeVisible();
  await expect(page.getByText('Your search returned no results. Make sure you search properly')).toBeVisible();

  await page.goto(`/documents/${id}`);
  await expect(page.getByText('This document does not exist or you do not have access to it.')).toBeVisible();
});
