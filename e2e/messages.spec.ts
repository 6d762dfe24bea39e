import { expect, test, type Page } from '@playwright/test';
import { DEMO, chooseAccount, signIn } from './support.js';
import { PDF, runTag } from './support-documents.js';

/*
 * Issue 23's journey: staff start a secure conversation with b1g1's business client; the client
 * replies with a PDF; staff see the reply and add an internal note; the client sees the firm's
 * messages but never the note; staff find the reply by a word in it. The subject and the words are
 * the run's own, so the demo seed's conversations and other runs change nothing here.
 */

const CLIENT_NAME = 'Batch1 Group1 LLC';
const NOTE_LABEL = 'Internal note — not visible to the client';

/** The search index leaves out runs of four or more digits (ADR 0013): the searched word is letters only. */
const lettersOnly = (tag: string) => tag.replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]!);

const messagesLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Messages/ });
const messageLog = (page: Page) => page.getByRole('log', { name: 'Messages' });

async function send(page: Page, text: string) {
  const composer = page.getByRole('form', { name: 'Write a message' });
  await composer.getByRole('textbox', { name: 'Message' }).fill(text);
  await composer.getByRole('button', { name: /^(Send|Add note)$/ }).click();
  await expect(messageLog(page).getByText(text)).toBeVisible();
  // The composer is empty for the next message.
  await expect(composer.getByRole('textbox', { name: 'Message' })).toHaveText('');
}

test('staff and a client exchange secure messages; notes stay with the firm; search finds a word', async ({
  page: staff,
  browser,
}) => {
  test.slow(); // two people, several rounds
  const tag = runTag();
  const subject = `Quarterly estimate ${tag}`;
  const word = `pumpkin${lettersOnly(tag)}`;
  const reply = `The ${word} figures are attached.`;
  const note = `Called the client about ${tag}: the estimate is late.`;
  const fileName = `estimate-${tag}.pdf`;
  // A file becomes a document named as the file without its extension, as every upload does.
  const documentName = `estimate-${tag}`;

  // Staff start the conversation.
  await signIn(staff, DEMO.admin);
  await messagesLink(staff).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await staff.getByRole('button', { name: 'New conversation' }).first().click();
  const start = staff.getByRole('dialog', { name: 'New conversation' });
  await start.getByRole('combobox', { name: 'Client' }).fill('Batch1 Group1');
  await staff.getByRole('option', { name: CLIENT_NAME, exact: true }).click();
  await start.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await start.getByRole('textbox', { name: 'Message' }).fill('Could you send the third quarter figures?');
  await start.getByRole('button', { name: 'Send' }).click();
  await expect(start).toBeHidden();
  await expect(staff.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(messageLog(staff).getByText('Could you send the third quarter figures?')).toBeVisible();
  const conversationUrl = staff.url();

  // The client finds it in their inbox and replies with a PDF.
  const client = await (await browser.newContext()).newPage();
  await signIn(client, DEMO.client);
  await chooseAccount(client, CLIENT_NAME);
  await messagesLink(client).click();
  const card = client.getByRole('list', { name: 'Conversations' }).getByRole('listitem', { name: subject });
  await expect(card.getByText('1 unread')).toBeVisible();
  await card.getByRole('link', { name: subject }).click();
  await expect(client.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(messageLog(client).getByText('Could you send the third quarter figures?')).toBeVisible();
  await expect(client.getByRole('switch', { name: /Internal note/ })).toHaveCount(0);

  const composer = client.getByRole('form', { name: 'Write a message' });
  const chooser = client.waitForEvent('filechooser');
  await composer.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles({ name: fileName, mimeType: 'application/pdf', buffer: PDF });
  await expect(composer.getByRole('list', { name: 'Files to send' })).toContainText(fileName);
  // The demo firm names no default service for messages' files: the client chooses one, and the
  // main tag its tag rules ask of every document.
  await composer.getByRole('combobox', { name: 'File attachments under' }).click();
  await client.getByRole('option', { name: 'Tax', exact: true }).click();
  await composer.getByRole('textbox', { name: 'Message' }).fill(reply);
  await composer.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(composer.getByText('Choose a tag in Document type')).toBeVisible();
  await composer.getByRole('combobox', { name: 'Document type' }).click();
  await client.getByRole('option', { name: 'Other Documents', exact: true }).click();
  await send(client, reply);
  await expect(messageLog(client).getByRole('link', { name: `Open ${documentName}` })).toBeVisible();

  // Staff see the reply and its file, then add an internal note.
  await staff.goto(conversationUrl);
  await expect(messageLog(staff).getByText(reply)).toBeVisible();
  await expect(messageLog(staff).getByRole('link', { name: `Open ${documentName}` })).toBeVisible();
  await staff.getByRole('switch', { name: /Internal note/ }).check();
  await send(staff, note);
  await expect(messageLog(staff).getByRole('article').filter({ hasText: note }).getByText(NOTE_LABEL)).toBeVisible();
  await send(staff, 'Thank you, we will file it this week.');

  // The client sees the firm's reply, never the note.
  await client.reload();
  await expect(messageLog(client).getByText('Thank you, we will file it this week.')).toBeVisible();
  await expect(messageLog(client).getByText(note)).toHaveCount(0);
  await expect(client.getByText(NOTE_LABEL)).toHaveCount(0);

  // Staff find the reply by its word; the hit opens the conversation at the message.
  await messagesLink(staff).click();
  await staff.getByRole('textbox', { name: 'Search messages' }).fill(word);
  await staff.getByRole('textbox', { name: 'Search messages' }).press('Enter');
  const results = staff.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await results.getByRole('link', { name: subject }).click();
  await expect(staff).toHaveURL(/\/messages\/\d+#message-\d+$/);
  await expect(staff.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(messageLog(staff).getByText(reply)).toBeInViewport();

  // The client's search never finds the note.
  await messagesLink(client).click();
  await client.getByRole('textbox', { name: 'Search messages' }).fill('late');
  await client.getByRole('textbox', { name: 'Search messages' }).press('Enter');
  await expect(client.getByText(note)).toHaveCount(0);

  // The PDF the client sent is an ordinary document of the client's, in My uploads.
  await client.goto('/my-uploads');
  await expect(client.getByRole('main').getByText(documentName, { exact: true }).first()).toBeVisible();
});

test('a conversation follows live for staff nobody told of it: the inbox and the open conversation, without reloading', async ({
  page: employee,
  browser,
}) => {
  const tag = runTag();
  const subject = `Live question ${tag}`;
  // The employee neither advises nor follows the client and never wrote to it: no notification
  // reaches them, so only the stream's conversation signal can bring the change (the open
  // conversation's own poll is a minute; the inbox has none).
  await signIn(employee, DEMO.employee);
  await messagesLink(employee).click();
  await expect(employee.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();

  const client = await (await browser.newContext()).newPage();
  await signIn(client, DEMO.client);
  await chooseAccount(client, CLIENT_NAME);
  await messagesLink(client).click();
  await client.getByRole('button', { name: 'New message' }).first().click();
  const start = client.getByRole('dialog', { name: 'New message' });
  await start.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await start.getByRole('textbox', { name: 'Message' }).fill('Is the extension filed?');
  await start.getByRole('button', { name: 'Send' }).click();
  await expect(client.getByRole('heading', { level: 1, name: subject })).toBeVisible();

  const card = employee.getByRole('list', { name: 'Conversations' }).getByRole('listitem', { name: subject });
  await expect(card).toBeVisible({ timeout: 10_000 });
  await card.getByRole('link', { name: subject }).click();
  await expect(messageLog(employee).getByText('Is the extension filed?')).toBeVisible();

  await send(client, `One more thing about ${tag}.`);
  await expect(messageLog(employee).getByText(`One more thing about ${tag}.`)).toBeVisible({ timeout: 10_000 });
});
