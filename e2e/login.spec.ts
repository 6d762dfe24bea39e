import { expect, test } from '@playwright/test';
import { DEMO, fillSignIn, signIn } from './support.js';

test.describe('login page', () => {
  test('shows the firm’s texts and asks for both fields', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Please enter your username or email address')).toBeVisible();
    await expect(page.getByText('Please enter your password')).toBeVisible();
  });

  test('a wrong password shows the error and clears the password', async ({ page }) => {
    await page.goto('/login');
    await fillSignIn(page, DEMO.advisor, 'Wrong123');
    await expect(page.getByText('Username or password is incorrect')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Username or email')).toHaveValue(DEMO.advisor);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown user gets the same message', async ({ page }) => {
    await page.goto('/login');
    await fillSignIn(page, 'nobody@example.com', 'Group1');
    await expect(page.getByText('Username or password is incorrect')).toBeVisible();
  });

  test('a deactivated user is told to contact the administrator', async ({ page }) => {
    await page.goto('/login');
    await fillSignIn(page, DEMO.inactive, DEMO.password);
    await expect(page.getByText(/deactivated.*contact the administrator/i)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the password can be shown', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('Secret1');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: /show password|toggle password/i }).click();
    await expect(password).toHaveAttribute('type', 'text');
  });
});

test.describe('access guard', () => {
  test('a protected page without a session goes to login and back after sign-in', async ({ page }) => {
    await page.goto('/users?isActive=true');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fusers%3FisActive%3Dtrue$/);
    await fillSignIn(page, DEMO.admin, DEMO.password);
    await expect(page).toHaveURL(/\/users\?isActive=true$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  });

  test('the redirect query never leaves the site', async ({ page }) => {
    await page.goto('/login?redirect=//evil.example/phish');
    await fillSignIn(page, DEMO.admin, DEMO.password);
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });

  test('an unknown path goes home; a signed-in user on /login goes home', async ({ page }) => {
    await signIn(page, DEMO.employee);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });

  test('a screen without the permission sends the user home', async ({ page }) => {
    await signIn(page, DEMO.employee);
    await page.goto('/roles');
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  });

  test('a client without a business account cannot open 1099 Form', async ({ page }) => {
    await signIn(page, DEMO.client);
    const dialog = page.getByRole('dialog', { name: 'Choose account' });
    await dialog.getByRole('radio', { name: 'Batch1 Group1', exact: true }).check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    // The account is chosen once the dialog closes; navigating earlier meets the dialog again.
    await expect(dialog).toBeHidden();
    await page.goto('/1099-form');
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });
});
