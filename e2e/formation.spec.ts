import { expect, test, type Page } from '@playwright/test';

/**
 * The public company-formation wizards (spec 03, issue 8 items 3 and 4), paid through the offline
 * test processor's card form. Each test forms its own company under a unique name, so the specs can
 * run beside the others on the shared server; nobody signs in.
 */

const SUCCEEDS = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';

/** A minimal PDF: the server checks a passport's content, not just its name. */
const PASSPORT_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const summaryTotal = (page: Page) =>
  page.getByRole('complementary', { name: 'Order summary' }).getByTestId('order-total');

async function next(page: Page, heading: string) {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
}

/** The card form of step 4 (the test processor's, or Stripe's in the same shape). */
async function payByCard(page: Page, cardNumber: string) {
  await expect(page.getByRole('heading', { level: 2, name: 'Card payment' })).toBeVisible();
  const card = page.getByRole('form', { name: 'Card details' });
  await card.getByLabel('Card number').fill(cardNumber);
  await card.getByLabel('Expiration date (MM/YY)').fill('12/34');
  await card.getByLabel('Security code (CVC)').fill('123');
  await card.getByLabel('Postal code').fill('23219');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

async function fillResidentToPayment(page: Page) {
  await page.goto('/company-formation/resident');
  await expect(page.getByRole('heading', { level: 1, name: 'Resident company formation' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'LLC' })).toBeChecked();

  // Step 1: company and contact.
  await choose(page, 'State', 'Virginia');
  await page.getByLabel('Legal name').fill(unique('Blue Ridge Studio'));
  await choose(page, 'Industry', 'Agents');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email address').fill('ada.lovelace@example.com');
  await page.getByLabel('Phone number').fill('(804) 555-0100');
  // Spec 03 section 9: Virginia LLC, no coupon: 100 + 6 + 150.
  await expect(summaryTotal(page)).toHaveText('$256.00');
  await next(page, 'Registered agent');

  // Step 2: registered agent (an individual) and the predefined business address.
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Address line 1').fill('1 Capitol Square');
  await page.getByLabel('City').fill('Richmond');
  await choose(page, 'County', 'Arlington County');
  await page.getByLabel('Zip code').fill('23219');
  await page.getByLabel('Phone number').fill('(804) 555-0101');
  await next(page, 'Organizers');

  // Step 3: management structure, one organizer, social security.
  await page.getByRole('radio', { name: 'Member' }).check();
  const organizer = page.getByRole('group', { name: 'Organizer 1' });
  await organizer.getByLabel('First name').fill('Ada');
  await organizer.getByLabel('Last name').fill('Lovelace');
  await organizer.getByLabel('Share ownership (%)').fill('100');
  await page.getByLabel('Social security number').fill('123456789');
  await expect(page.getByLabel('Social security number')).toHaveValue('123-45-6789');
  await page.getByLabel('First name on the social security card').fill('Ada');
  await page.getByLabel('Last name on the social security card').fill('Lovelace');
  await page.getByRole('button', { name: 'Submit' }).click();
}

test.describe('resident formation', () => {
  test('a Virginia LLC is priced at $256.00, submitted and paid with the test card', async ({ page }) => {
    await fillResidentToPayment(page);
    await payByCard(page, SUCCEEDS);
    await expect(page.getByRole('heading', { level: 2, name: 'Thank you!' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Your payment has been received')).toBeVisible();
    await expect(summaryTotal(page)).toHaveText('$256.00');
  });

  test("a declined card shows the provider's message and stays on the payment step", async ({ page }) => {
    await fillResidentToPayment(page);
    await payByCard(page, DECLINED);
    await expect(page.getByText('Your card was declined.')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 2, name: 'Card payment' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Thank you!' })).toHaveCount(0);
  });

  test('validates each step, keeps values when going back, and clears the county with the state', async ({ page }) => {
    await page.goto('/company-formation/resident');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('This field is required').first()).toBeVisible();
    await page.getByLabel('Email address').fill('not an email');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();

    await choose(page, 'Industry', 'Other');
    await expect(page.getByLabel('Industry name')).toBeVisible();

    await choose(page, 'State', 'Maryland');
    await page.getByLabel('Legal name').fill('Chesapeake Goods');
    await page.getByLabel('Industry name').fill('Oyster farming');
    await page.getByLabel('First name').fill('Ann');
    await page.getByLabel('Last name').fill('Arundel');
    await page.getByLabel('Email address').fill('ann@example.com');
    await page.getByLabel('Phone number').fill('410-555-0100');
    await next(page, 'Registered agent');
    await choose(page, 'County', 'Kent County');

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByLabel('Legal name')).toHaveValue('Chesapeake Goods');
    await expect(page.getByLabel('Industry name')).toHaveValue('Oyster farming');
    await next(page, 'Registered agent');
    await expect(page.getByRole('combobox', { name: 'County', exact: true })).toHaveValue('Kent County');

    await page.getByRole('button', { name: 'Cancel' }).click();
    await choose(page, 'State', 'Virginia');
    await next(page, 'Registered agent');
    await expect(page.getByRole('combobox', { name: 'County', exact: true })).toHaveValue('');
  });
});

test.describe('non-resident formation', () => {
  test('a Corporation with a passport is submitted as multipart and paid', async ({ page }) => {
    await page.goto('/company-formation/non-resident');
    await expect(page.getByRole('heading', { level: 1, name: 'Non-resident company formation' })).toBeVisible();
    await expect(summaryTotal(page)).toHaveText('$500.00');
    await expect(page.getByText('Government fee')).toBeVisible();

    // Step 1: entity type, state, names, industry.
    await page.getByRole('radio', { name: 'Corporation' }).check();
    await choose(page, 'State', 'Delaware');
    await page.getByLabel('Legal name').fill(unique('Harbor Trading'));
    await choose(page, 'Industry', 'Arts and Crafts');
    await next(page, 'Contact details');

    // Step 2: contact and a new business address.
    await page.getByLabel('First name').fill('Lin');
    await page.getByLabel('Last name').fill('Wei');
    await page.getByRole('textbox', { name: 'Email address', exact: true }).fill('lin.wei@example.com');
    await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('+44 20 7946 0000');
    await page.getByRole('radio', { name: 'Use a new address' }).check();
    await page.getByLabel('Address line 1').fill('8 The Green');
    await page.getByLabel('City').fill('Dover');
    await page.getByLabel('Zip code').fill('19901');
    await next(page, 'Officers');

    // Step 3: one officer with titles, the director switch and the passport; no SSN.
    const officer = page.getByRole('group', { name: 'Officer 1' });
    // The multi-select opens from the keyboard (its pills cover the input from the pointer).
    const titles = officer.getByRole('combobox', { name: 'Titles' });
    await titles.focus();
    for (const title of ['President', 'Treasurer']) {
      const option = page.getByRole('option', { name: title, exact: true });
      if (!(await option.isVisible())) await titles.press('ArrowDown');
      await option.click();
    }
    await titles.press('Escape');
    await officer.getByRole('switch', { name: 'Director' }).check();
    await officer.getByLabel('First name').fill('Lin');
    await officer.getByLabel('Last name').fill('Wei');
    await officer.getByLabel('Share ownership (%)').fill('100');
    const chooser = page.waitForEvent('filechooser');
    await officer.getByRole('button', { name: /Main page of passport/ }).click();
    await (await chooser).setFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: PASSPORT_PDF });
    await expect(officer.getByText('passport.pdf')).toBeVisible();
    await page.getByRole('button', { name: 'Submit' }).click();

    await payByCard(page, SUCCEEDS);
    await expect(page.getByRole('heading', { level: 2, name: 'Thank you!' })).toBeVisible({ timeout: 20_000 });
  });
});
