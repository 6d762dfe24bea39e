import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { DEMO, chooseAccount, signIn } from './support.js';
import { SMALL_PNG } from './support-profile.js';
import { followInvitationLink, register, sendInvitation, uniqueEmail } from './support-invitations.js';

test('a client owner sees both tabs of Accounts and the details panel of a client', async ({ page }) => {
  await signIn(page, DEMO.client);
  await chooseAccount(page, 'Batch1 Group1 LLC');
  await page.goto('/accounts');

  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Owner' })).toHaveAttribute('aria-selected', 'true');
  const owned = page.getByRole('table', { name: 'Owner' });
  await expect(owned.getByText('Batch1 Group1 LLC')).toBeVisible();
  // The advisor is named "Batch1 Group1" too: find the personal account by its row.
  const personalRow = owned.getByRole('row', { name: /^Batch1 Group1 Personal/ });
  await expect(personalRow).toBeVisible();

  await page.getByRole('textbox', { name: 'Search accounts' }).fill('LLC');
  await expect(personalRow).toBeHidden();

  await page.getByRole('button', { name: 'Details of Batch1 Group1 LLC' }).click();
  const panel = page.getByRole('dialog', { name: 'Account details' });
  await expect(panel.getByText('Trade name')).toBeVisible();
  // No picture: the initials.
  await expect(panel.getByText('BG', { exact: true })).toBeVisible();
  await expect(panel.getByRole('img', { name: /^Profile picture of/ })).toHaveCount(0);
  await expect(panel.getByText('Batch1 Group1 LLC').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  await page.getByRole('tab', { name: 'Collaborator' }).click();
  await expect(page).toHaveURL(/\/accounts#collaborator$/);
  await expect(page.getByText('There are no items to display.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Collaborator' })).toHaveAttribute('aria-selected', 'true');
});

test('an owner invites a collaborator who registers, then deactivates them on Accounts', async ({ page, browser }) => {
  test.slow();
  const email = uniqueEmail('accounts_collaborator');
  const lastName = `Partner${randomBytes(3).toString('hex')}`;
  const fullName = `Colette ${lastName}`;
  await signIn(page, 'b1g2_client@gmail.com', 'Group2');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await sendInvitation(page, email);

  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  await followInvitationLink(invitee, email);
  await register(invitee, { firstName: 'Colette', lastName, phoneNumber: '(555) 010-3000', password: 'Harbour7' });
  await expect(invitee.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await invitee.goto('/accounts#collaborator');
  await expect(invitee.getByRole('table', { name: 'Collaborator' }).getByText('Batch1 Group2 LLC')).toBeVisible();

  await page.goto('/accounts');
  const chip = page.getByRole('button', { name: fullName, exact: true });
  await chip.click();
  await page.getByRole('button', { name: `Deactivate ${fullName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate collaborator' });
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText(`${fullName} has been deactivated successfully`)).toBeVisible();
  await expect(page.getByRole('button', { name: `${fullName} (inactive)` })).toBeVisible();

  // Access ends at once: that was the collaborator's only account, so the app asks for a first one.
  await invitee.reload();
  await expect(invitee.getByRole('dialog', { name: 'Create your first account' })).toBeVisible();
  await expect(invitee.getByRole('button', { name: /Batch1 Group2 LLC/ })).toHaveCount(0);
  await inviteeContext.close();
});

async function json<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function apiSignIn(request: APIRequestContext, login: string, password: string) {
  const { user } = await json<{ user: { id: number; jwtToken: { accessToken: string } } }>(
    await request.post('/api/v1/authentication/account/authenticate', {
      data: { usernameOrEmailAddress: login, password },
    }),
  );
  return { userId: user.id, headers: { authorization: `Bearer ${user.jwtToken.accessToken}` } };
}

test("the details panel shows the client's profile picture", async ({ page, request }) => {
  // A client of this test's own (the demo clients have no picture, and other specs read them).
  const name = `Pictured ${randomBytes(3).toString('hex')} LLC`;
  const ownerEmail = uniqueEmail('pictured');
  const password = 'Picture1';
  const admin = await apiSignIn(request, DEMO.admin, DEMO.password);
  const advisors = await json<Array<{ value: string }>>(
    await request.get('/api/v1/identity/users/advisors/all', { headers: admin.headers }),
  );
  const advisorUserId = advisors[0]!.value;
  const client = await json<{ id: number }>(
    await request.post('/api/v1/document/clients', {
      headers: admin.headers,
      data: {
        clientType: 1,
        name,
        newOwner: {
          firstName: 'Pia',
          lastName: 'Picture',
          emailAddress: ownerEmail,
          phoneNumber: '(555) 010-7777',
          advisorUserId: Number(advisorUserId),
          password,
          confirmPassword: password,
        },
      },
    }),
  );
  const details = await json<{ owner: { id: number } }>(
    await request.get(`/api/v1/document/clients/${client.id}/details`, { headers: admin.headers }),
  );
  const edit = new FormData();
  edit.append('id', String(client.id));
  edit.append('name', name);
  edit.append('emailAddress', ownerEmail);
  edit.append('advisorUserId', advisorUserId);
  edit.append('ownerUserId', String(details.owner.id));
  const services = await json<Array<{ id: number; name: string }>>(
    await request.get('/api/v1/document/services/all', { headers: admin.headers }),
  );
  edit.append('services', String(services.find((service) => service.name === 'tax')!.id));
  edit.append('isProfilePictureChanged', 'true');
  edit.append('profilePicture', new Blob([SMALL_PNG], { type: 'image/png' }), 'logo.png');
  await json(
    await request.put(`/api/v1/document/clients/business/${client.id}`, { headers: admin.headers, multipart: edit }),
  );

  await signIn(page, ownerEmail, password);
  await page.goto('/accounts');
  const picture = page.waitForResponse(
    (response) => response.url().includes(`/document/clients/${client.id}/profile-picture`) && response.ok(),
  );
  await page.getByRole('button', { name: `Details of ${name}` }).click();
  await picture;
  const panel = page.getByRole('dialog', { name: 'Account details' });
  const image = panel.getByRole('img', { name: `Profile picture of ${name}` });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
});
