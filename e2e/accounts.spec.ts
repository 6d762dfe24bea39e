import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO, chooseAccount, signIn } from './support.js';
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
