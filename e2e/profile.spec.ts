import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signIn } from './support.js';
import { PROFILE_USER, SMALL_PNG } from './support-profile.js';

test('edit the profile with a picture; the header follows', async ({ page }) => {
  const firstName = `Grace${randomBytes(3).toString('hex')}`;
  await signIn(page, PROFILE_USER.login, PROFILE_USER.password);

  const userMenu = page.getByRole('button', { name: 'user menu' });
  await userMenu.click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText(PROFILE_USER.login)).toBeVisible();
  await expect(main.getByRole('listitem').filter({ hasText: 'Supervisor' })).toBeVisible();
  await expect(main.getByText('Extension')).toBeVisible();

  await main.getByRole('button', { name: 'Edit profile' }).click();
  await expect(main.getByRole('textbox', { name: 'Email' })).toBeDisabled();
  await expect(main.getByRole('textbox', { name: 'Username' })).toBeDisabled();
  await main.getByRole('textbox', { name: 'First name' }).fill(firstName);
  await main.getByRole('textbox', { name: 'Extension' }).fill('4321');
  await main.getByLabel('Profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: SMALL_PNG });
  await expect(main.getByRole('button', { name: 'Remove picture' })).toBeVisible();
  await main.getByRole('button', { name: 'Save', exact: true }).click();

  await expect(page.getByText('Your profile has been saved successfully')).toBeVisible();
  await expect(main.getByRole('heading', { name: `${firstName} Group3` })).toBeVisible();
  await expect(main.getByText('4321')).toBeVisible();
  await expect(main.getByRole('img', { name: 'Profile picture' })).toBeVisible();
  // The header shows the new name and the picture instead of the initials.
  await expect(userMenu).toContainText(`${firstName} Group3`);
  await expect(userMenu.locator('img')).toBeVisible();

  // Survives a reload: it was saved on the server.
  await page.reload();
  await expect(main.getByRole('heading', { name: `${firstName} Group3` })).toBeVisible();
  await expect(main.getByRole('img', { name: 'Profile picture' })).toBeVisible();

  // Remove the picture again: the initials come back.
  await main.getByRole('button', { name: 'Edit profile' }).click();
  await main.getByRole('button', { name: 'Remove picture' }).click();
  await main.getByRole('textbox', { name: 'First name' }).fill('Batch1');
  await main.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(main.getByRole('heading', { name: 'Batch1 Group3' })).toBeVisible();
  await expect(userMenu.locator('img')).toHaveCount(0);
  await expect(userMenu).toContainText('BG');
});

test('the profile form asks for the required fields', async ({ page }) => {
  await signIn(page, PROFILE_USER.login, PROFILE_USER.password);
  await page.goto('/profile');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Edit profile' }).click();
  // Emptied as a person does (select all, delete): the masked field reads a scripted fill('') as one
  // deleted character.
  const phone = main.getByRole('textbox', { name: 'Phone number' });
  await phone.press('ControlOrMeta+a');
  await phone.press('Backspace');
  await expect(phone).toHaveValue('');
  await main.getByRole('textbox', { name: 'Extension' }).fill('12');
  await main.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(main.getByText('This field is required')).toBeVisible();
  await expect(main.getByText('The extension must have exactly 4 digits')).toBeVisible();
  await main.getByRole('button', { name: 'Cancel' }).click();
  await expect(main.getByRole('button', { name: 'Edit profile' })).toBeVisible();
});
