import { expect, test } from '@playwright/test';
import { DEMO, sidebar, signIn } from './support.js';
import { followInvitationLink, register, sendInvitation, uniqueEmail } from './support-invitations.js';

const PERSON = { firstName: 'Nora', lastName: 'Newcomer', phoneNumber: '(555) 010-2000', password: 'Harbour7' };

test("an advisor's invitee registers, is signed in, creates their first account and sees Home", async ({
  page,
  browser,
}) => {
  // Three browsers (advisor, admin reading Mail, invitee) and a registration: longer than a one-screen test.
  test.slow();
  const email = uniqueEmail('prospect');
  await signIn(page, DEMO.advisor);
  await sendInvitation(page, email);

  // The invitee, in a browser of their own.
  const invitee = await (await browser.newContext()).newPage();
  const link = await followInvitationLink(invitee, email);
  const emailField = invitee.getByRole('textbox', { name: 'Email' });
  await expect(emailField).toHaveValue(email);
  await expect(emailField).not.toBeEditable();
  await register(invitee, PERSON);

  await expect(invitee.getByText('Your account has been created successfully')).toBeVisible();
  await expect(invitee).toHaveURL(/\/$/);
  const dialog = invitee.getByRole('dialog', { name: 'Create your first account' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: 'Business' }).check();
  const business = `Newcomer Ventures ${email.slice(9, 17)}`;
  await dialog.getByRole('textbox', { name: 'Business name' }).fill(business);
  await dialog.getByRole('button', { name: 'Create account' }).click();

  await expect(dialog).toBeHidden();
  await expect(invitee.getByText(`${business} has been created successfully`)).toBeVisible();
  await expect(invitee.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(invitee.getByRole('button', { name: 'user menu' })).toContainText('Nora Newcomer');
  await expect(sidebar(invitee).first()).toHaveText('Home');

  // The link worked once.
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(link);
  await expect(stranger.getByText('This registration link has already been used or has expired.')).toBeVisible();
  await expect(stranger).toHaveURL(/\/login$/);
});

test("a client owner's invitee registers as a collaborator and works in the owner's business account", async ({
  page,
  browser,
}) => {
  test.slow();
  const email = uniqueEmail('collaborator');
  await signIn(page, 'b1g2_client@gmail.com', 'Group2');
  // Clients invite onto their current client, chosen automatically as their only account.
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await sendInvitation(page, email);

  const invitee = await (await browser.newContext()).newPage();
  await followInvitationLink(invitee, email);
  await register(invitee, { ...PERSON, firstName: 'Colin', lastName: 'Collaborator' });

  await expect(invitee.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(invitee.getByRole('button', { name: /Batch1 Group2 LLC/ })).toBeVisible();
  await expect(invitee.getByRole('dialog')).toHaveCount(0);
  await expect(sidebar(invitee)).toContainText(['Home', '1099 Form']);
});

test('sending to a registered address names it and sends nothing', async ({ page }) => {
  await signIn(page, DEMO.advisor);
  await page.getByRole('button', { name: 'user menu' }).click();
  await page.getByRole('menuitem', { name: 'Send invitation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send invitation' });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Email' }).fill(DEMO.employee);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(`${DEMO.employee} is already a registered user`)).toBeVisible();
});
