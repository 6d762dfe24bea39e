import { expect, test } from '@playwright/test';
import { signIn } from './support.js';
import { uniqueEmail } from './support-invitations.js';
import { linkFromMail } from './support-mail.js';
import { GROUP2, PDF, apiSignIn, runTag, searchByName, uploadDocument, uploadTargets } from './support-documents.js';

test('share by e-mail: the link from the e-mail opens without sign-in and downloads; revoked it stops', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const tag = runTag();
  const client = await apiSignIn(request, GROUP2.client, GROUP2.clientName);
  const [target] = await uploadTargets(request, client);
  const name = `e2e-share-${tag}`;
  await uploadDocument(request, client, {
    file: { name: `share-${tag}.pdf`, mimeType: 'application/pdf', buffer: PDF },
    displayName: name,
    serviceId: target!.service.id,
    tagId: target!.tag.id,
  });
  const recipient = uniqueEmail('share_recipient');

  await signIn(page, GROUP2.client, GROUP2.password);
  await page.goto('/my-uploads');
  await searchByName(page, name);
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: `Share ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Share document' });
  await dialog.getByRole('textbox', { name: 'Recipient e-mail' }).fill('not an address');
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Recipient e-mail' }).fill(recipient);
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText(`A link has been sent to ${recipient}`)).toBeVisible();
  const share = dialog.getByRole('listitem').filter({ hasText: recipient });
  await expect(share).toContainText('Active');

  // The recipient's e-mail, read by an admin on Administration > Mail in a browser of their own.
  const href = await linkFromMail(browser, recipient, 'Open the document');
  const link = new URL(href!).pathname;
  expect(link).toMatch(/^\/shared-documents\/[\w-]{43}$/);

  // Someone without an account, in a browser of their own.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(visitor.getByText(`share-${tag}.pdf`)).toBeVisible();
  const download = visitor.waitForEvent('download');
  await visitor.getByRole('link', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toMatch(new RegExp(`share-${tag}\\.pdf$`));

  // Revoked, the link stops working.
  await share.getByRole('button', { name: `Revoke the link for ${recipient}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke link' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(`The link for ${recipient} has been revoked`)).toBeVisible();
  await expect(share).toContainText('Revoked');
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: 'This link is not available' })).toBeVisible();
});
