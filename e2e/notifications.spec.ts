import { expect, test, type Page } from '@playwright/test';
import { DEMO, fillSignIn, signIn } from './support.js';
import { PDF, runTag } from './support-documents.js';
import { PASSWORD, businessClientWithOwner, signInApi } from './xss/records.js';

/*
 * Issue 22's "done when": a client uploads to a request while a staff user watches, and the bell and
 * its open panel change without a reload (the server's event stream). The request is the run's own;
 * other specs may notify the admin meanwhile, so the count is read as "some", the line as ours.
 */

const W2 = 'W-2 and 1099 forms';

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

test('staff see a client upload arrive in the bell and its panel without reloading', async ({
  page: staff,
  browser,
}) => {
  test.slow(); // two people
  const tag = runTag();
  const title = `Notified documents ${tag}`;
  // The run's own client and owner. A demo client user would not do: the current account is kept
  // per user on the server, so another spec choosing another of that user's accounts meanwhile would
  // take this one's request (and its notification) out of the client's scope mid-test.
  const clientName = `Notified ${tag} LLC`;
  const { clientId, ownerEmail } = await businessClientWithOwner(
    staff.request,
    await signInApi(staff.request),
    clientName,
    tag,
  );

  await signIn(staff, DEMO.admin);
  // The template's request is for the Tax service, which a new client gets on its first save.
  await staff.goto(`/clients/business/${clientId}/edit`);
  await staff.getByLabel('E-mail address').fill(`office-${tag}@notified.example`);
  await staff.getByRole('checkbox', { name: 'Tax' }).check();
  await staff.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(staff.getByText(`${clientName} has been updated successfully`)).toBeVisible();

  await staff.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Requests', exact: true }).click();
  await staff.getByRole('button', { name: 'New request' }).first().click();
  const form = staff.getByRole('dialog', { name: 'New request' });
  await form.getByRole('combobox', { name: 'Client' }).fill(clientName);
  await staff.getByRole('option', { name: clientName, exact: true }).click();
  await form.getByRole('combobox', { name: 'Start from a template' }).click();
  await staff.getByRole('option', { name: 'Year-end tax documents' }).click();
  // The template fills the form; the run's own title goes in after it.
  await expect(form.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Year-end tax documents');
  await form.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Staff clear the bell and leave its panel open on the unread ones.
  await bell(staff).click();
  const panel = staff.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  // Other specs may notify the admin at any moment (a client's reply to a secure message), so what
  // is checked below is the run's own line arriving, not an empty panel.
  const markAll = panel.getByRole('button', { name: 'Mark all as read' });
  if (await markAll.isEnabled()) await markAll.click();
  await panel.getByRole('radiogroup').getByText('Unread', { exact: true }).click();

  // The client hears of the request, and uploads to it.
  const client = await (await browser.newContext()).newPage();
  await client.goto('/login');
  await fillSignIn(client, ownerEmail, PASSWORD);
  await expect(client.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await bell(client).click();
  const clientPanel = client.getByRole('dialog', { name: 'Notifications' });
  const newRequest = clientPanel.getByRole('listitem').filter({ hasText: `: ${title}` });
  await expect(newRequest).toContainText('New request from');
  // Its first button opens it (the second marks it read).
  await newRequest.getByRole('button').first().click();
  await expect(client.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const item = client.getByRole('main').getByRole('article', { name: W2 });
  const chooser = client.waitForEvent('filechooser');
  await item.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles({ name: `w2-${tag}.pdf`, mimeType: 'application/pdf', buffer: PDF });
  await item.getByRole('button', { name: 'Send files' }).click();
  await expect(item.getByText('Submitted', { exact: true })).toBeVisible();

  // Staff, who did nothing: the count and the open panel show it.
  await expect(bell(staff)).toHaveAccessibleName(/^Notifications, \d+ unread$/, { timeout: 10_000 });
  const line = panel.getByRole('listitem').filter({ hasText: `uploaded a file for “${W2}” on ${title}` });
  await expect(line).toBeVisible();
  await expect(line).toContainText(clientName);

  // Opening it goes to the request and marks it read.
  await line
    .getByRole('button', { name: new RegExp(title) })
    .first()
    .click();
  await expect(staff.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The page it opens shows the upload it told of, though staff were on that page already.
  await expect(
    staff.getByRole('main').getByRole('region', { name: W2 }).getByText('Submitted', { exact: true }),
  ).toBeVisible();
  await client.context().close();
});

test('the tabs of one browser share one notification stream, and another tab takes it over when that one closes', async ({
  page,
}) => {
  test.slow(); // eight tabs
  const context = page.context();
  const streams: Page[] = [];
  context.on('request', (request) => {
    if (request.url().includes('/notifications/stream')) streams.push(request.frame().page());
  });

  await signIn(page, DEMO.supervisor);
  await expect(bell(page)).toBeVisible();
  await expect.poll(() => streams.length).toBe(1);

  // More tabs than a browser keeps connections to one host (six over HTTP/1.1): with a stream each,
  // the last ones' requests would wait for ever. Each loads its page and reads its own list.
  const tabs: Page[] = [];
  for (let n = 0; n < 7; n += 1) {
    const tab = await context.newPage();
    await tab.goto('/clients');
    await expect(tab.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
    await expect(tab.getByRole('table', { name: 'Clients' })).toBeVisible();
    tabs.push(tab);
  }
  expect(streams).toHaveLength(1);
  expect(streams[0]).toBe(page);

  // The tab holding the stream goes; one of the others opens it, and only one.
  await page.close();
  await expect.poll(() => streams.length, { timeout: 15_000 }).toBe(2);
  expect(tabs).toContain(streams[1]);
  // A tab that only listens reloads: it joins the stream there is and opens none.
  const follower = tabs.find((tab) => tab !== streams[1])!;
  await follower.reload();
  await expect(follower.getByRole('table', { name: 'Clients' })).toBeVisible();
  await expect(bell(follower)).toBeVisible();
  expect(streams).toHaveLength(2);
});
