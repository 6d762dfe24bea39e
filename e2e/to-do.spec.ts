import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO, chooseAccount, signIn } from './support.js';
import { PDF, runTag, uploadTargets } from './support-documents.js';

/*
 * The client's To do and responding to a request (issue 20). The test makes its own request for
 * b1g1's business client through the API, as the firm's admin, with titles unique to the run: the
 * demo request "Year-end tax documents <year>" stays untouched for anyone else, and other specs'
 * requests for the same client do not change what this one finds.
 */

const CLIENT_NAME = 'Batch1 Group1 LLC';

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function apiHeaders(request: APIRequestContext, login: string) {
  const result = await json<{ user: { jwtToken: { accessToken: string } } | null }>(
    await request.post('/api/v1/authentication/account/authenticate', {
      data: { usernameOrEmailAddress: login, password: DEMO.password },
    }),
  );
  expect(result.user, `sign-in of ${login}`).not.toBeNull();
  return { Authorization: `Bearer ${result.user!.jwtToken.accessToken}` };
}

/** Today in the firm's zone (the demo firm keeps the default): the earliest due date a request may have. */
function firmToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
}

interface Created {
  id: number;
  title: string;
  statements: string;
  question: string;
  receipts: string;
}

/** A request due today with a documents item, an answer item and a documents item to mark not applicable. */
async function createRequest(request: APIRequestContext): Promise<Created> {
  const tag = runTag();
  const clientHeaders = await apiHeaders(request, DEMO.client);
  const clients = await json<Array<{ id: number; name: string }>>(
    await request.get('/api/v1/document/users/me/clients', { headers: clientHeaders }),
  );
  const client = clients.find((candidate) => candidate.name === CLIENT_NAME);
  expect(client, `${DEMO.client} has ${CLIENT_NAME}`).toBeDefined();

  const headers = await apiHeaders(request, DEMO.admin);
  const [target] = await uploadTargets(request, { headers, clientId: client!.id });
  expect(target, `${CLIENT_NAME} has a service with a main tag`).toBeDefined();
  const created: Omit<Created, 'id'> = {
    title: `Quarter-end documents ${tag}`,
    statements: `Bank statements ${tag}`,
    question: `Did you hire anyone ${tag}?`,
    receipts: `Donation receipts ${tag}`,
  };
  const { id } = await json<{ id: number }>(
    await request.post('/api/v1/document/requests', {
      headers,
      data: {
        clientId: client!.id,
        serviceId: target!.service.id,
        title: created.title,
        description: '<p>Please send these by <strong>today</strong>.</p>',
        dueDate: firmToday(),
        items: [
          { title: created.statements, kind: 1, tagIds: [target!.tag.id] },
          { title: created.question, kind: 2 },
          { title: created.receipts, kind: 1, tagIds: [target!.tag.id] },
        ],
      },
    }),
  );
  return { id, ...created };
}

const entry = (scope: Page | Locator, title: string) => scope.getByRole('listitem', { name: title });

test('a client finds the request in To do ahead of later ones, answers, uploads and marks an item not applicable', async ({
  page,
  request,
}) => {
  const created = await createRequest(request);
  await signIn(page, DEMO.client);
  await chooseAccount(page, CLIENT_NAME);

  // Home: the To do card comes first, with the request's items.
  const main = page.getByRole('main');
  const card = main.getByRole('region', { name: 'To do' });
  await expect(card).toBeVisible();
  await expect(entry(card, created.statements)).toBeVisible();
  await expect(entry(card, created.statements).getByText(created.title)).toBeVisible();
  await expect(card.getByRole('link', { name: /^View all \(\d+\)$/ })).toHaveAttribute('href', '/to-do');

  // To do: due today, so before anything due later (the demo request, if still open, is due in two weeks).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'To do' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'To do' })).toBeVisible();
  const list = main.getByRole('region', { name: 'Things waiting on you' });
  await expect(entry(list, created.statements)).toBeVisible();
  const texts = await list.getByRole('listitem').allTextContents();
  const mine = texts.findIndex((text) => text.includes(created.title));
  const later = texts.findIndex((text) => text.includes('Year-end tax documents'));
  if (later !== -1) expect(mine).toBeLessThan(later);

  await entry(list, created.statements).getByRole('link', { name: 'Respond' }).click();
  await expect(page).toHaveURL(new RegExp(`/requests/${created.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: created.title })).toBeVisible();
  await expect(page.getByText('0 of 3 accepted')).toBeVisible();

  // An answer.
  const question = main.getByRole('article', { name: created.question });
  await question.getByRole('textbox', { name: 'Your answer' }).fill('Yes, two people in March.');
  await question.getByRole('button', { name: 'Send answer' }).click();
  await expect(question.getByText("Waiting for the firm's review")).toBeVisible();
  await expect(question.getByText('Submitted', { exact: true })).toBeVisible();
  await expect(question.getByText('Yes, two people in March.')).toBeVisible();

  // Files, with the progress of the send.
  const statements = main.getByRole('article', { name: created.statements });
  const chooser = page.waitForEvent('filechooser');
  await statements.getByRole('button', { name: 'Choose files' }).click();
  const fileName = `statement-${runTag()}.pdf`;
  await (await chooser).setFiles({ name: fileName, mimeType: 'application/pdf', buffer: PDF });
  await expect(statements.getByRole('list', { name: 'Files to send' })).toContainText(fileName);
  await statements.getByRole('button', { name: 'Send files' }).click();
  await expect(statements.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(statements.getByText("Waiting for the firm's review")).toBeVisible();
  await expect(statements.getByText('Submitted', { exact: true })).toBeVisible();
  await expect(statements.getByRole('list', { name: 'Files sent' })).toContainText(fileName);
  await expect(statements.getByRole('button', { name: 'Send files' })).toBeHidden();

  // Not applicable, which needs a reason.
  const receipts = main.getByRole('article', { name: created.receipts });
  await receipts.getByRole('button', { name: 'Not applicable' }).click();
  const dialog = page.getByRole('dialog', { name: 'Not applicable' });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('We made no donations this quarter.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
  await expect(receipts.getByText('Not applicable: We made no donations this quarter.')).toBeVisible();
  await expect(receipts.getByText('Submitted', { exact: true })).toBeVisible();

  // Nothing of this request waits on the client any more.
  await page.getByRole('link', { name: 'To do' }).first().click();
  await expect(main.getByRole('region', { name: 'Things waiting on you' })).toBeVisible();
  await expect(main.getByText(created.title)).toHaveCount(0);
});

test('a returned item shows the firm’s note in To do and on the request', async ({ page, request }) => {
  const created = await createRequest(request);
  const clientHeaders = await apiHeaders(request, DEMO.client);
  const clients = await json<Array<{ id: number; name: string }>>(
    await request.get('/api/v1/document/users/me/clients', { headers: clientHeaders }),
  );
  await json(
    await request.put('/api/v1/document/users/me/clients/current', {
      headers: clientHeaders,
      data: { clientId: clients.find((candidate) => candidate.name === CLIENT_NAME)!.id },
    }),
  );
  const details = await json<{ items: Array<{ id: number; title: string }> }>(
    await request.get(`/api/v1/document/requests/${created.id}`, { headers: clientHeaders }),
  );
  const question = details.items.find((item) => item.title === created.question)!;
  const itemPath = `/api/v1/document/requests/${created.id}/items/${question.id}`;
  await json(await request.put(`${itemPath}/answer`, { headers: clientHeaders, data: { answer: 'No.' } }));
  const adminHeaders = await apiHeaders(request, DEMO.admin);
  const note = 'Please tell us the start dates too.';
  await json(await request.put(`${itemPath}/return`, { headers: adminHeaders, data: { note } }));

  await signIn(page, DEMO.client);
  await chooseAccount(page, CLIENT_NAME);
  await page.goto('/to-do');
  const returned = entry(page.getByRole('main'), created.question);
  await expect(returned.getByText(`Returned: ${note}`)).toBeVisible();

  await returned.getByRole('link', { name: 'Respond' }).click();
  const article = page.getByRole('main').getByRole('article', { name: created.question });
  await expect(article.getByText('Returned', { exact: true })).toBeVisible();
  await expect(article.getByText(note)).toBeVisible();
  await expect(article.getByRole('textbox', { name: 'Your answer' })).toHaveValue('No.');
});
