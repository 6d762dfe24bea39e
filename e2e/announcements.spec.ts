import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, fillSignIn, signIn } from './support.js';

/*
 * An active announcement asks EVERY client user to confirm it at their next sign-in, and specs share
 * one server. So the confirming client is a brand-new user (owner of a new client) that no other spec
 * knows, and the announcement is live only from its creation until the client has confirmed it: it
 * is deactivated right then, and again in `finally` should the test fail half-way. A client user of
 * another spec signing in inside those few seconds would still meet the dialog.
 */
test.describe.configure({ mode: 'serial' });

async function adminHeaders(request: APIRequestContext) {
  const response = await request.post('/api/v1/authentication/account/authenticate', {
    data: { usernameOrEmailAddress: DEMO.admin, password: DEMO.password },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { user: { jwtToken: { accessToken: string } } };
  return { Authorization: `Bearer ${body.user.jwtToken.accessToken}` };
}

/** A new business client with a new owner user; answers the owner's sign-in. */
async function createClientWithNewOwner(request: APIRequestContext, headers: Record<string, string>, tag: string) {
  const advisors = (await (await request.get('/api/v1/identity/users/advisors/all', { headers })).json()) as Array<{
    value: string;
  }>;
  const emailAddress = `announce_${tag}@example.com`;
  const password = 'Secret123';
  const response = await request.post('/api/v1/document/clients', {
    headers,
    data: {
      clientType: 1,
      name: `Announce ${tag} LLC`,
      newOwner: {
        firstName: 'Ann',
        lastName: `Owner ${tag}`,
        emailAddress,
        phoneNumber: '(555) 010-7777',
        advisorUserId: Number(advisors[0]!.value),
        password,
        confirmPassword: password,
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { emailAddress, password, fullName: `Ann Owner ${tag}`, clientName: `Announce ${tag} LLC` };
}

async function deactivateByTitle(request: APIRequestContext, headers: Record<string, string>, title: string) {
  const list = (await (await request.get('/api/v1/document/announcements?limit=50', { headers })).json()) as {
    items: Array<{ id: number; title: string; isActive: boolean }>;
  };
  for (const item of list.items.filter((candidate) => candidate.title === title && candidate.isActive)) {
    await request.patch(`/api/v1/document/announcements/${item.id}/deactivate`, { headers });
  }
}

test('an admin creates an announcement and a client must confirm it before reaching the app', async ({
  page,
  browser,
  request,
}) => {
  const tag = randomBytes(3).toString('hex');
  const title = `Office hours ${tag}`;
  const headers = await adminHeaders(request);
  const client = await createClientWithNewOwner(request, headers, tag);

  // The client's browser waits on the login page, so the announcement is live as briefly as possible.
  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await clientPage.goto('/login');

  try {
    await signIn(page, DEMO.admin);
    await page.goto('/announcements');
    await expect(page.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
    await page.getByRole('button', { name: 'Create announcement' }).first().click();
    const form = page.getByRole('dialog', { name: 'Create announcement' });

    // Required fields first.
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(form.getByText('This field is required')).toHaveCount(3);

    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await form.getByRole('textbox', { name: 'Body' }).fill('We close early on Friday.');
    await form.getByRole('textbox', { name: 'Acknowledgment text' }).fill('I understand the new office hours.');

    await form.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText(`${title} has been created successfully`)).toBeVisible();
    await expect(form).toBeHidden();

    // The client signs in and meets the announcement before anything else.
    await fillSignIn(clientPage, client.emailAddress, client.password);
    const dialog = clientPage.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('We close early on Friday.')).toBeVisible();
    await expect(dialog.getByText('I understand the new office hours.')).toBeVisible();
    await expect(clientPage.getByRole('heading', { level: 1 })).toHaveCount(0);

    // Escape does not dismiss it; Confirm waits for the box.
    await clientPage.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('checkbox', { name: 'I have read and acknowledge the text above' }).check();
    await expect(confirm).toBeEnabled();
    await confirm.click();

    await expect(dialog).toBeHidden();
    await expect(clientPage.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(clientPage.getByRole('heading', { level: 1 })).toBeVisible();

    // Done: take it off the air through the list, with the confirmation worded for its state.
    await page.reload();
    await page.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    const status = page.getByRole('dialog', { name: 'Deactivate announcement' });
    await expect(status.getByText(`Are you sure you want to deactivate the announcement ${title}?`)).toBeVisible();
    await status.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText(`${title} has been deactivated successfully`)).toBeVisible();
  } finally {
    await deactivateByTitle(request, headers, title);
    await clientContext.close();
  }

  // The list shows it inactive with no expiration date, and the details list who confirmed.
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByRole('img', { name: 'Inactive' })).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText('—');
  await page.getByRole('button', { name: `Open announcement ${title}` }).click();
  const details = page.getByRole('dialog', { name: 'Announcement' });
  await expect(details.getByText('We close early on Friday.')).toBeVisible();
  const acknowledged = details.getByRole('table', { name: 'Acknowledged' });
  await expect(acknowledged.getByRole('row').filter({ hasText: client.fullName })).toContainText(client.clientName);
});
