import { expect, test } from '@playwright/test';
import { DEMO, chooseAccount, signIn } from './support.js';

test('staff: services grid, then the tag cards of a service, then Received docs filtered by them', async ({ page }) => {
  await signIn(page, DEMO.employee);
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(main.getByRole('link', { name: /Received docs/ })).toHaveAttribute('href', '/received-docs');
  await expect(main.getByRole('link', { name: /My uploads/ })).toHaveAttribute('href', '/my-uploads');

  const services = main.getByRole('region', { name: 'Services' });
  await expect(services.getByRole('link')).toHaveText(['Tax', 'Payroll', 'Bookkeeping']);
  await services.getByRole('link', { name: 'Tax' }).click();
  await expect(page).toHaveURL(/\/\?service=\d+$/);
  const serviceId = new URL(page.url()).searchParams.get('service');

  const breadcrumb = main.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb).toContainText('Home');
  await expect(breadcrumb).toContainText('Tax');
  const tags = main.getByRole('region', { name: 'Tax' });
  await expect(tags.getByRole('link')).toHaveText([
    /All tags/,
    'Tax Return',
    'IRS/State Letter',
    'License',
    'Other Documents',
  ]);
  await tags.getByRole('link', { name: 'Tax Return' }).click();
  await expect(page).toHaveURL(new RegExp(`/received-docs\\?serviceId=${serviceId}&tagId=\\d+$`));

  await page.goBack();
  await main
    .getByRole('region', { name: 'Tax' })
    .getByRole('link', { name: /All tags/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/received-docs\\?serviceId=${serviceId}$`));

  await page.goto(`/?service=${serviceId}`);
  await breadcrumb.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(main.getByRole('region', { name: 'Services' })).toBeVisible();
});

test('an unknown service goes back to Home', async ({ page }) => {
  await signIn(page, DEMO.employee);
  await page.goto('/?service=999999');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('main').getByRole('region', { name: 'Services' })).toBeVisible();
});

test("client: the current client's services and the appointment links", async ({ page }) => {
  await signIn(page, DEMO.client);
  await chooseAccount(page, 'Batch1 Group1 LLC');
  const main = page.getByRole('main');
  const services = main.getByRole('region', { name: 'Services' });
  await expect(services.getByRole('link')).toHaveText(['Tax', 'Bookkeeping']);

  const appointments = main.getByRole('region', { name: 'Book an appointment' });
  for (const name of [/Bookkeeping department/, /Tax department/]) {
    const link = appointments.getByRole('link', { name });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }

  // Each service opens its own tag cards.
  await services.getByRole('link', { name: 'Bookkeeping' }).click();
  await expect(
    main.getByRole('region', { name: 'Bookkeeping' }).getByRole('link', { name: 'bank statement' }),
  ).toBeVisible();
});
