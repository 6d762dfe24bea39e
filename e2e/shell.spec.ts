import { expect, test } from '@playwright/test';
import { DEMO, chooseAccount, sidebar, signIn } from './support.js';

/** Messages carries the unread-conversations badge ("Messages2"), which the demo seed and other specs move. */
const MESSAGES = /^Messages(\d+\+?)?$/;

const STAFF_SIDEBARS = {
  admin: [
    'Home',
    'Received docs',
    'My uploads',
    'Requests',
    MESSAGES,
    'Clients',
    'Invitations',
    'Users',
    'Leads',
    'Bookkeeping',
    'Companies',
    '1099 Form',
    'Reconciliations',
    'Roles',
    'Services',
    'Tags',
    'Announcements',
    'Request templates',
    'Recurring requests',
    'Coupons',
    'Audit log',
    'Mail',
    'Settings',
  ],
  advisor: [
    'Home',
    'Received docs',
    'My uploads',
    'Requests',
    MESSAGES,
    'Clients',
    'Invitations',
    'Users',
    'Leads',
    'Bookkeeping',
    '1099 Form',
    'Reconciliations',
    // Read-only: the templates they start requests from (request-template:list).
    'Request templates',
  ],
  supervisor: [
    'Home',
    'Received docs',
    'My uploads',
    'Requests',
    MESSAGES,
    'Clients',
    'Users',
    'Leads',
    'Bookkeeping',
    '1099 Form',
    'Reconciliations',
    'Request templates',
  ],
  employee: [
    'Home',
    'Received docs',
    'My uploads',
    'Requests',
    MESSAGES,
    'Clients',
    'Users',
    'Bookkeeping',
    '1099 Form',
    'Reconciliations',
    'Request templates',
  ],
} as const;

test.describe('sidebar per role', () => {
  for (const [role, labels] of Object.entries(STAFF_SIDEBARS)) {
    test(`${role} sees exactly their menu, in order`, async ({ page }) => {
      await signIn(page, DEMO[role as keyof typeof STAFF_SIDEBARS]);
      await expect(sidebar(page)).toHaveText([...labels]);
      await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
      if (role === 'admin') {
        await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Administration')).toBeVisible();
      }
    });
  }

  test('a client chooses an account; Bookkeeping, 1099 Form and Reconciliations follow the current client', async ({
    page,
  }) => {
    await signIn(page, DEMO.client);
    const dialog = page.getByRole('dialog', { name: 'Choose account' });
    await expect(dialog).toBeVisible();
    // One account is preselected, so Continue works straight away.
    await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(1);
    await chooseAccount(page, 'Batch1 Group1 LLC');
    await expect(sidebar(page)).toHaveText([
      'Home',
      'To do',
      'Received docs',
      'My uploads',
      'Requests',
      MESSAGES,
      'Invitations',
      // The client's own bookkeeping year (issue 24), where staff have the tracker.
      'Bookkeeping',
      '1099 Form',
      'Reconciliations',
    ]);

    // The personal account has neither.
    await page.getByRole('button', { name: /Batch1 Group1 LLC/ }).click();
    await page.getByRole('menuitem', { name: 'Batch1 Group1', exact: true }).click();
    await expect(sidebar(page)).toHaveText([
      'Home',
      'To do',
      'Received docs',
      'My uploads',
      'Requests',
      MESSAGES,
      'Invitations',
    ]);
  });
});

test.describe('header', () => {
  test('shows initials and full name, opens the profile, and logs out to exactly /login', async ({ page }) => {
    await signIn(page, DEMO.supervisor);
    const userMenu = page.getByRole('button', { name: 'user menu' });
    // Its name starts with the name it shows (WCAG 2.5.3, label in name).
    await expect(userMenu).toHaveAccessibleName('Batch1 Group1, user menu');
    await expect(userMenu).toContainText('Batch1 Group1');
    await expect(userMenu).toContainText('BG');
    await userMenu.click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

    await page.getByRole('button', { name: 'user menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(new URL(page.url()).search).toBe('');
    // The session is gone: a protected page sends us back to sign in.
    await page.goto('/users');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fusers$/);
  });
});
