import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type APIResponse, type Locator, type Page } from '@playwright/test';
import { DEMO, signIn } from './support.js';

/*
 * Each test makes its own business client with a new owner (through the API, as the Group1 admin),
 * so no demo client's contractors change and other specs see the same data.
 */
const OWNER_PASSWORD = 'Contract1';

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
  return { authorization: `Bearer ${user.jwtToken.accessToken}` };
}

/** A new business client whose new owner has it as the current client. */
async function businessClient(request: APIRequestContext, name: string) {
  const admin = await apiSignIn(request, DEMO.admin, DEMO.password);
  const advisors = await json<Array<{ value: string }>>(
    await request.get('/api/v1/identity/users/advisors/all', { headers: admin }),
  );
  const ownerEmail = `contractors-${randomBytes(4).toString('hex')}@example.com`;
  const client = await json<{ id: number }>(
    await request.post('/api/v1/document/clients', {
      headers: admin,
      data: {
        clientType: 1,
        name,
        newOwner: {
          firstName: 'Tess',
          lastName: 'Tenninetynine',
          emailAddress: ownerEmail,
          phoneNumber: '(555) 010-1099',
          advisorUserId: Number(advisors[0]!.value),
          password: OWNER_PASSWORD,
          confirmPassword: OWNER_PASSWORD,
        },
      },
    }),
  );
  const owner = await apiSignIn(request, ownerEmail, OWNER_PASSWORD);
  await json(
    await request.put('/api/v1/document/users/me/clients/current', { headers: owner, data: { clientId: client.id } }),
  );
  return { clientId: client.id, ownerEmail, owner };
}

/** Picks an option of a Mantine select (inside `scope`); the options open in a portal. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function fillAddress(page: Page, dialog: Locator, totalPayment: string) {
  await dialog.getByLabel('Address line 1').fill('500 Congress Ave');
  await dialog.getByLabel('City').fill('Austin');
  await choose(page, dialog, 'State', 'Texas');
  await dialog.getByLabel('Zip code').fill('78701');
  await dialog.getByLabel('Total payment').fill(totalPayment);
}

function table(page: Page) {
  return page.getByRole('table', { name: '1099 Form' });
}

function row(page: Page, name: string) {
  return table(page).getByRole('row').filter({ hasText: name });
}

test('a business client adds a business and an individual contractor, pays with the test card and sees them paid', async ({
  page,
  request,
}) => {
  test.slow();
  const suffix = randomBytes(3).toString('hex');
  const { ownerEmail } = await businessClient(request, `1099 Payer ${suffix} LLC`);
  const business = `Brick Works ${suffix} LLC`;
  const individual = `Ivy Indie${suffix}`;

  await signIn(page, ownerEmail, OWNER_PASSWORD);
  // Through the menu: the item shows once the session knows the current client is a business.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: '1099 Form' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '1099 Form' })).toBeVisible();
  await expect(page.getByText('There are no items to display.')).toBeVisible();
  // The firm's columns and filters are not a client's.
  await expect(table(page).getByRole('columnheader', { name: 'Client' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay and submit' })).toBeDisabled();

  await page.getByRole('button', { name: 'Add business' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Add business contractor' });
  await dialog.getByLabel('Business name').fill(business);
  await dialog.getByLabel('Employer identification number (EIN)').fill('12345');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('Please enter a valid employer identification number (##-#######)')).toBeVisible();
  await dialog.getByLabel('Employer identification number (EIN)').fill('123456789');
  await expect(dialog.getByLabel('Employer identification number (EIN)')).toHaveValue('12-3456789');
  await fillAddress(page, dialog, '1250.50');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText(`${business} has been created successfully`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Add individual' }).first().click();
  dialog = page.getByRole('dialog', { name: 'Add individual contractor' });
  await dialog.getByLabel('First name').fill('Ivy');
  await dialog.getByLabel('Last name').fill(`Indie${suffix}`);
  await dialog.getByLabel('SSN or ITIN').fill('987654321');
  await fillAddress(page, dialog, '800');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText(`${individual} has been created successfully`)).toBeVisible();

  // Identification numbers are masked in the list; amounts in dollars.
  await expect(row(page, business).getByText('**-***6789')).toBeVisible();
  await expect(row(page, business).getByText('$1,250.50')).toBeVisible();
  await expect(row(page, individual).getByText('***-**-4321')).toBeVisible();
  await expect(row(page, business).getByRole('button', { name: `Edit ${business}` })).toBeVisible();

  const pay = page.getByRole('button', { name: 'Pay and submit' });
  await expect(pay).toBeEnabled();
  await pay.click();
  const payment = page.getByRole('dialog', { name: 'Pay and submit' });
  await expect(payment.getByText('Test mode')).toBeVisible();
  await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payment.getByLabel('Expiration date (MM/YY)').fill('12/34');
  await payment.getByLabel('Security code (CVC)').fill('123');
  await payment.getByLabel('Postal code').fill('78701');
  await payment.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByText('Your payment has succeeded. Your contractors have been submitted')).toBeVisible();
  await expect(payment).toBeHidden();

  // Paid comes from the provider's event, which the test processor raises at confirm. Each try waits
  // for the reloaded list to show before judging it: on a busy machine a reload alone can take
  // longer than the check's own short timeout.
  await expect(async () => {
    await page.reload();
    await expect(row(page, business)).toBeVisible({ timeout: 15_000 });
    await expect(table(page).getByText('Paid', { exact: true })).toHaveCount(2, { timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  // An earlier tax year is history: nothing to add or pay there.
  const current = Number(await page.getByRole('combobox', { name: 'Tax year' }).inputValue());
  await choose(page, page.getByRole('main'), 'Tax year', String(current - 1));
  await expect(page.getByText('There are no items to display.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add business' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay and submit' })).toHaveCount(0);
  await choose(page, page.getByRole('main'), 'Tax year', String(current));

  // Paid contractors can no longer be changed, and there is nothing left to pay.
  await expect(row(page, business).getByRole('button', { name: `Edit ${business}` })).toHaveCount(0);
  await expect(row(page, individual).getByRole('button', { name: `Delete ${individual}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay and submit' })).toBeDisabled();
});

test('closing the card form without paying leaves Pay and submit usable, and the amount follows the unpaid list', async ({
  page,
  request,
}) => {
  test.slow();
  const suffix = randomBytes(3).toString('hex');
  const { ownerEmail } = await businessClient(request, `1099 Reopen ${suffix} LLC`);
  await signIn(page, ownerEmail, OWNER_PASSWORD);
  await page.goto('/1099-form');
  await expect(page.getByRole('heading', { level: 1, name: '1099 Form' })).toBeVisible();

  const addBusiness = async (name: string) => {
    await page.getByRole('button', { name: 'Add business' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add business contractor' });
    await dialog.getByLabel('Business name').fill(name);
    await dialog.getByLabel('Employer identification number (EIN)').fill('123456789');
    await fillAddress(page, dialog, '500');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText(`${name} has been created successfully`)).toBeVisible();
    await expect(dialog).toBeHidden();
  };
  const payment = page.getByRole('dialog', { name: 'Pay and submit' });
  const openPayment = async (amount: string) => {
    await page.getByRole('button', { name: 'Pay and submit' }).click();
    await expect(payment.getByText(`The service fee for your unpaid contractors is ${amount}.`)).toBeVisible();
  };
  const inProgress = page.getByText('A payment for your contractors is already processing or has succeeded');

  await addBusiness(`First Works ${suffix} LLC`);
  await openPayment('$15.00');
  // Closed without paying: nothing was charged, so paying again offers the card form again.
  await payment.getByRole('button', { name: 'Close' }).click();
  await expect(payment).toBeHidden();
  await openPayment('$15.00');
  await expect(inProgress).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(payment).toBeHidden();

  // A contractor added meanwhile: the next card form charges both fees.
  await addBusiness(`Second Works ${suffix} LLC`);
  await openPayment('$30.00');
  await expect(inProgress).toHaveCount(0);
  await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payment.getByLabel('Expiration date (MM/YY)').fill('12/34');
  await payment.getByLabel('Security code (CVC)').fill('123');
  await payment.getByLabel('Postal code').fill('78701');
  await payment.getByRole('button', { name: 'Pay $30.00' }).click();
  await expect(page.getByText('Your payment has succeeded. Your contractors have been submitted')).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(table(page).getByText('Paid', { exact: true })).toHaveCount(2, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
});

test('staff filter by the client, tick a contractor complete and export the list', async ({ page, request }) => {
  const suffix = randomBytes(3).toString('hex');
  const clientName = `1099 Filed ${suffix} LLC`;
  const { owner } = await businessClient(request, clientName);
  const contractor = `Cedar Supply ${suffix}`;
  const states = await json<Array<{ value: string; displayText: string }>>(
    await request.get('/api/v1/company/states/all'),
  );
  const texas = states.find((state) => state.displayText === 'Texas')!;
  await json(
    await request.post('/api/v1/document/contractors', {
      headers: owner,
      data: {
        contractorType: 1,
        businessName: contractor,
        employerIdentificationNumber: '98-7654321',
        addressLine1: '1 Elm St',
        city: 'Dallas',
        stateId: Number(texas.value),
        zipCode: '75201',
        totalPayment: 640,
      },
    }),
  );

  await signIn(page, DEMO.admin);
  await page.goto('/1099-form');
  await expect(page.getByRole('heading', { level: 1, name: '1099 Form' })).toBeVisible();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const panel = page.getByRole('search', { name: 'Search filters' });
  // The client type-ahead asks the server only after more than 2 characters.
  await panel.getByRole('combobox', { name: 'Business client' }).fill(`Filed ${suffix}`);
  await page.getByRole('option', { name: clientName, exact: true }).click();
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/clientId=\d+/);
  await expect(table(page).getByRole('row')).toHaveCount(2);
  await expect(row(page, contractor).getByText(clientName)).toBeVisible();

  const complete = row(page, contractor).getByRole('checkbox', { name: `Completed: ${contractor}` });
  await expect(complete).not.toBeChecked();
  await complete.check();
  await expect(complete).toBeChecked();
  await page.reload();
  await expect(row(page, contractor).getByRole('checkbox', { name: `Completed: ${contractor}` })).toBeChecked();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  await expect(page.getByText('Contractors have been exported successfully')).toBeVisible();
});
