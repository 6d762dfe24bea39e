import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { signIn } from './support.js';

// The Group2 advisor: no other spec edits its data, and this spec owns the client it creates.
const ADVISOR = { login: 'b1g2_advisor@gmail.com', password: 'Group2' };

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

interface TagGroup {
  id: number;
  isMainTagGroup: boolean;
  tags: Array<{ id: number; displayName: string; tagGroupsItActivates: number[] }>;
}

async function json<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * Through the API, as the advisor: a new business client with the Bookkeeping service, and one
 * bank statement and one financial statements document uploaded for it on the client's behalf.
 */
async function bookkeepingClientWithStatements(request: APIRequestContext, name: string) {
  const { user } = await json<{ user: { id: number; jwtToken: { accessToken: string } } }>(
    await request.post('/api/v1/authentication/account/authenticate', {
      data: { usernameOrEmailAddress: ADVISOR.login, password: ADVISOR.password },
    }),
  );
  const headers = { authorization: `Bearer ${user.jwtToken.accessToken}` };
  const ownerEmail = `bookkeeping-${randomBytes(4).toString('hex')}@example.com`;
  const client = await json<{ id: number }>(
    await request.post('/api/v1/document/clients', {
      headers,
      data: {
        clientType: 1,
        name,
        newOwner: {
          firstName: 'Brooke',
          lastName: 'Keeper',
          emailAddress: ownerEmail,
          phoneNumber: '(555) 010-2222',
          advisorUserId: user.id,
          password: 'Secret123',
          confirmPassword: 'Secret123',
        },
      },
    }),
  );
  const services = await json<Array<{ id: number; name: string }>>(
    await request.get('/api/v1/document/services/all', { headers }),
  );
  const bookkeeping = services.find((service) => service.name === 'bookkeeping')!;
  const details = await json<{ owner: { id: number } }>(
    await request.get(`/api/v1/document/clients/${client.id}/details`, { headers }),
  );

  const edit = new FormData();
  edit.append('id', String(client.id));
  edit.append('name', name);
  edit.append('emailAddress', ownerEmail);
  edit.append('advisorUserId', String(user.id));
  edit.append('ownerUserId', String(details.owner.id));
  edit.append('services', String(bookkeeping.id));
  await json(await request.put(`/api/v1/document/clients/business/${client.id}`, { headers, multipart: edit }));

  const groups = await json<TagGroup[]>(await request.get('/api/v1/document/documents/tag-groups', { headers }));
  const mainTags = groups.find((group) => group.isMainTagGroup)!.tags;
  for (const displayName of ['bank statement', 'Financial Statements']) {
    const tag = mainTags.find((candidate) => candidate.displayName === displayName)!;
    // The main tag activates Quarter and Year: one tag of each is required.
    const activated = tag.tagGroupsItActivates.map((groupId) => groups.find((group) => group.id === groupId)!.tags[0]!);
    const upload = new FormData();
    upload.append('ClientId', String(client.id));
    upload.append('ServiceId', String(bookkeeping.id));
    upload.append('DisplayName', `${displayName} ${name}`);
    upload.append('UploadedOnBehalfOfClient', 'true');
    for (const id of [tag.id, ...activated.map((activatedTag) => activatedTag.id)]) upload.append('Tags', String(id));
    upload.append('Files', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), `${displayName}.pdf`);
    const result = await json<{ documents: unknown[]; rejected: unknown[] }>(
      await request.post('/api/v1/document/documents/my-upload', { headers, multipart: upload }),
    );
    expect(result.rejected).toEqual([]);
    expect(result.documents).toHaveLength(1);
  }
}

test('the statements of the month are ticked from the uploads; ticking QuickBooks completes the row', async ({
  page,
  request,
}) => {
  const clientName = `Tracker ${randomBytes(3).toString('hex')} LLC`;
  await bookkeepingClientWithStatements(request, clientName);

  await signIn(page, ADVISOR.login, ADVISOR.password);
  await page.goto('/bookkeeping');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Bookkeeping' })).toBeVisible();
  const now = new Date();
  const monthHeading = (date: Date) => `${date.toLocaleString('en-US', { month: 'long' })} ${date.getFullYear()}`;
  await expect(main.getByRole('heading', { level: 2, name: monthHeading(now) })).toBeVisible();

  // The client filter searches the server above 2 characters; each option carries the status dot.
  await main.getByRole('button', { name: 'Search', exact: true }).first().click();
  const search = main.getByRole('search', { name: 'Search filters' });
  await search.getByRole('combobox', { name: 'Client', exact: true }).fill(clientName.slice(0, 12));
  const option = page.getByRole('option', { name: clientName });
  await expect(option.getByRole('img', { name: 'Active' })).toBeVisible();
  await option.click();
  await search.getByRole('button', { name: 'Search' }).click();

  const table = main.getByRole('table', { name: 'Bookkeeping' });
  const row = table.getByRole('row', { name: new RegExp(clientName) });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(row.getByRole('checkbox', { name: `Bank statements uploaded for ${clientName}` })).toBeChecked();
  await expect(row.getByText('1 statement', { exact: true })).toBeVisible();
  await expect(row.getByRole('checkbox', { name: `Financial statements uploaded for ${clientName}` })).toBeChecked();
  await expect(row.getByText('Complete')).toHaveCount(0);

  const accounts = row.getByRole('textbox', { name: `Number of accounts of ${clientName}` });
  await accounts.fill('3');
  await accounts.press('Tab');
  // click, then wait for the tick: the box shows the stored row, patched a moment after the click
  // (the save of the accounts field may still be on its way), which check() does not wait for.
  const draft = row.getByRole('checkbox', { name: `QuickBooks draft done for ${clientName}` });
  await draft.click();
  await expect(draft).toBeChecked();
  await expect(row.getByText('Complete')).toHaveCount(0);
  const review = row.getByRole('checkbox', { name: `QuickBooks review done for ${clientName}` });
  await review.click();
  await expect(review).toBeChecked();
  await expect(row.getByText('Complete')).toBeVisible();
  const background = await row
    .getByRole('cell')
    .first()
    .evaluate((cell) => getComputedStyle(cell).backgroundColor);
  expect(background).not.toBe('rgba(0, 0, 0, 0)');

  // Stored: a reload shows the same, and the month before has none of it.
  await page.reload();
  await expect(row.getByText('Complete')).toBeVisible();
  await expect(accounts).toHaveValue('3');
  await main.getByRole('button', { name: 'Previous month' }).click();
  const previous = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  await expect(main.getByRole('heading', { level: 2, name: monthHeading(previous) })).toBeVisible();
  await expect(row.getByRole('checkbox', { name: `QuickBooks draft done for ${clientName}` })).not.toBeChecked();
  await expect(row.getByRole('checkbox', { name: `Bank statements uploaded for ${clientName}` })).not.toBeChecked();
  await expect(row.getByText('Complete')).toHaveCount(0);
});
