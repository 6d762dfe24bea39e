import { expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: 'b1g1_admin@gmail.com',
  advisor: 'b1g1_advisor@gmail.com',
  supervisor: 'b1g1_supervisor@gmail.com',
  employee: 'b1g1_employee@gmail.com',
  client: 'b1g1_client@gmail.com',
  inactive: 'b1g1_inactive@gmail.com',
  password: 'Group1',
} as const;

export async function fillSignIn(page: Page, login: string, password: string) {
  await page.getByLabel('Username or email').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function signIn(page: Page, login: string, password: string = DEMO.password) {
  await page.goto('/login');
  await fillSignIn(page, login, password);
  await expect(page).not.toHaveURL(/\/login/);
}

/** The labels of the sidebar's links, in order. */
export function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link');
}

export async function chooseAccount(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name: 'Choose account' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
}
