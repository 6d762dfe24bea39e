import { expect, test } from '@playwright/test';
import { chooseAccount, fillSignIn } from './support.js';

// b1g1_client owns a business ("Batch1 Group1 LLC") and a personal account ("Batch1 Group1"), so the
// account chooser appears after sign-in; the 1099 Form is for business accounts only.
test('a business-only address survives sign-in and the account choice', async ({ page }) => {
  await page.goto('/1099-form');
  await expect(page).toHaveURL(/\/login\?redirect=%2F1099-form$/);
  await fillSignIn(page, 'b1g1_client@gmail.com', 'Group1');
  await chooseAccount(page, 'Batch1 Group1 LLC');
  await expect(page.getByRole('heading', { level: 1, name: '1099 Form' })).toBeVisible();
  await expect(page).toHaveURL(/\/1099-form$/);
});

test('choosing a personal account for a business-only address lands on Home', async ({ page }) => {
  await page.goto('/1099-form');
  await fillSignIn(page, 'b1g1_client@gmail.com', 'Group1');
  const dialog = page.getByRole('dialog', { name: 'Choose account' });
  await dialog.getByRole('radio', { name: 'Batch1 Group1', exact: true }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: '1099 Form' })).toBeHidden();
});
