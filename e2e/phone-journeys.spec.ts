import { expect, test, type Page } from '@playwright/test';
import { DEMO, chooseAccount, signIn } from './support.js';
import {
  JPEG,
  PHONE,
  PNG,
  businessClientWithNewOwner,
  choose,
  clientIdOf,
  expectStepsStacked,
  createRequest,
  expectNoSideScroll,
  fillTestCard,
  openFromMenu,
  runTag,
  sendDocument,
} from './support-phones.js';

/*
 * Issue 25 item 2: the client's journey and the public wizards on a phone held upright (390 x 844).
 * Lists are cards there, steppers stand vertical, the menu is behind the burger; no screen may scroll
 * sideways. Each test makes its own data (a request and a document for b1g1's business client with
 * names unique to the run, or a new client with a new owner), so other specs see what they expect.
 * Acknowledging an announcement at this width is e2e/phone-announcements.spec.ts: an announcement
 * stops every client's sign-in, so it runs with the other global-state specs.
 */

test.use(PHONE);

const CLIENT_NAME = 'Batch1 Group1 LLC';

/** A preview opens the in-app viewer titled with the file's name (or, where there is none, the file in a new page). */
async function expectPreviewOf(page: Page, fileName: string, open: () => Promise<void>) {
  const newPage = page
    .context()
    .waitForEvent('page', { timeout: 15_000 })
    .then((opened) => ({ opened }))
    .catch(() => null);
  await open();
  const viewer = page.getByRole('dialog', { name: fileName });
  const shown = await Promise.race([
    viewer.waitFor({ state: 'visible', timeout: 15_000 }).then(() => 'dialog' as const),
    newPage.then((result) => result ?? Promise.reject(new Error(`no viewer and no page for ${fileName}`))),
  ]);
  if (shown === 'dialog') {
    await expectNoSideScroll(page, 'the viewer');
    await viewer.getByRole('button', { name: 'Close' }).click();
    await expect(viewer).toBeHidden();
  } else {
    // A new page of the browser's own (before the in-app viewer): the file itself, shown.
    await shown.opened.waitForLoadState();
    await expect(shown.opened.locator('img, embed').first()).toBeVisible();
    await shown.opened.close();
  }
}

test('a client on a phone: To do, a photo for a request item, received docs as cards and a preview', async ({
  page,
  request,
}) => {
  test.slow(); // several screens, an upload and the viewer on a loaded machine
  const tag = runTag();
  const clientId = await clientIdOf(request, DEMO.client, CLIENT_NAME);
  const created = await createRequest(request, clientId, tag);
  const document = { displayName: `Engagement letter ${tag}`, fileName: `engagement-${tag}.png` };
  await sendDocument(request, clientId, { ...document, buffer: PNG, mimeType: 'image/png' });

  await page.goto('/login');
  await expectNoSideScroll(page, 'Login');
  await signIn(page, DEMO.client);
  await chooseAccount(page, CLIENT_NAME);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expectNoSideScroll(page, 'Home');

  // The header keeps the burger, the bell and the user menu within reach.
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeInViewport();
  await expect(page.getByRole('button', { name: /user menu/ })).toBeInViewport();

  // To do, through the menu behind the burger.
  await openFromMenu(page, 'To do');
  await expect(page.getByRole('heading', { level: 1, name: 'To do' })).toBeVisible();
  const waiting = page.getByRole('main').getByRole('region', { name: 'Things waiting on you' });
  const entry = waiting.getByRole('listitem', { name: created.item });
  await expect(entry).toBeVisible();
  await expectNoSideScroll(page, 'To do');
  await entry.getByRole('link', { name: 'Respond' }).click();
  await expect(page.getByRole('heading', { level: 1, name: created.title })).toBeVisible();

  // A photo straight from the camera: its own button, the camera asked for, "Choose files" beside it.
  const item = page.getByRole('main').getByRole('article', { name: created.item });
  await expect(item.getByRole('button', { name: 'Choose files' })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await item.getByRole('button', { name: 'Take a photo' }).click();
  const camera = await chooser;
  expect(await camera.element().getAttribute('capture')).toBe('environment');
  expect(await camera.element().getAttribute('accept')).toBe('image/*');
  const photo = `receipt-${tag}.jpg`;
  await camera.setFiles({ name: photo, mimeType: 'image/jpeg', buffer: JPEG });
  await expect(item.getByRole('list', { name: 'Files to send' })).toContainText(photo);
  await expectNoSideScroll(page, 'the request');
  await item.getByRole('button', { name: 'Send files' }).click();
  await expect(item.getByText('Submitted', { exact: true })).toBeVisible();
  await expect(item.getByRole('list', { name: 'Files sent' })).toContainText(photo);

  // Received docs: a card per document, the rest of its fields behind More.
  await openFromMenu(page, 'Received docs');
  await expect(page.getByRole('heading', { level: 1, name: 'Received docs' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await page.getByRole('button', { name: 'Search', exact: true }).first().click();
  const search = page.getByRole('search', { name: 'Search filters' });
  await search.getByRole('textbox', { name: 'Document name' }).fill(document.displayName);
  await search.getByRole('button', { name: 'Search' }).click();
  const cards = page.getByRole('list', { name: 'Received docs' });
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  const card = cards.getByRole('article', { name: document.displayName });
  await expect(card).toBeVisible();
  await expectNoSideScroll(page, 'Received docs');
  const more = card.getByRole('button', { name: 'More' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expectNoSideScroll(page, 'Received docs with a card opened');

  await expectPreviewOf(page, document.fileName, () =>
    card.getByRole('button', { name: `Preview ${document.displayName}` }).click(),
  );
});

test('a client on a phone adds a contractor and pays the 1099 fee with the test card', async ({ page, request }) => {
  test.slow(); // a dialog, a payment and the provider's event
  const owner = await businessClientWithNewOwner(request, 'phone-1099');
  const contractor = `Phone Works ${runTag()} LLC`;

  await signIn(page, owner.email, owner.password);
  await openFromMenu(page, '1099 Form');
  await expect(page.getByRole('heading', { level: 1, name: '1099 Form' })).toBeVisible();
  await expectNoSideScroll(page, '1099 Form');

  await page.getByRole('button', { name: 'Add business' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add business contractor' });
  await dialog.getByLabel('Business name').fill(contractor);
  await dialog.getByLabel('Employer identification number (EIN)').fill('123456789');
  await dialog.getByLabel('Address line 1').fill('500 Congress Ave');
  await dialog.getByLabel('City').fill('Austin');
  await choose(page, 'State', 'Texas');
  await expect(dialog.getByRole('combobox', { name: 'State', exact: true })).toHaveValue('Texas');
  await dialog.getByLabel('Zip code').fill('78701');
  await dialog.getByLabel('Total payment').fill('1250.50');
  await expectNoSideScroll(page, 'the contractor dialog');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();

  // The contractor as a card: name on top, the fee on its face.
  const card = page.getByRole('article', { name: contractor });
  await expect(card).toBeVisible();
  await expect(card.getByText('$1,250.50')).toBeVisible();
  await expectNoSideScroll(page, '1099 Form with a contractor');

  await page.getByRole('button', { name: 'Pay and submit' }).click();
  const payment = page.getByRole('dialog', { name: 'Pay and submit' });
  await expect(payment.getByText('Test mode')).toBeVisible();
  await fillTestCard(payment, '78701');
  await expectNoSideScroll(page, 'the card payment');
  await payment.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByText('Your payment has succeeded. Your contractors have been submitted')).toBeVisible();
  await expect(payment).toBeHidden();
  // Paid comes from the provider's event, which the test processor raises at confirm.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('article', { name: contractor })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('article', { name: contractor }).getByText('Paid', { exact: true })).toBeVisible({
      timeout: 2000,
    });
  }).toPass({ timeout: 60_000 });
});

test('the tax-planning wizard on a phone: steps one under the other, to the savings', async ({ page }) => {
  await page.goto('/tax-planning');
  await expect(page.getByRole('heading', { level: 1, name: 'Tax planning' })).toBeVisible();
  await expectStepsStacked(page.getByRole('main'));
  await expectNoSideScroll(page, 'tax planning, step 1');
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Total annual sales').fill('400,000');
  await page.getByLabel('Annual net income').fill('100000');
  await expectNoSideScroll(page, 'tax planning, income');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'No' }).click();
  await page.getByRole('radio', { name: 'Own' }).click();
  await page.getByRole('radio', { name: '2' }).click();
  await page.getByRole('radio', { name: 'Yes' }).click();
  await expect(page.getByText('$22,010', { exact: true })).toBeVisible({ timeout: 8_000 });
  await expect(page.getByRole('link', { name: 'Book a session' })).toBeVisible();
  await expectNoSideScroll(page, 'tax planning, savings');
});

test('the resident formation wizard on a phone, to a paid order', async ({ page }) => {
  test.slow(); // four steps and a payment
  const next = async (heading: string) => {
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    await expectNoSideScroll(page, `formation, ${heading}`);
  };
  await page.goto('/company-formation/resident');
  await expect(page.getByRole('heading', { level: 1, name: 'Resident company formation' })).toBeVisible();
  await expectStepsStacked(page.getByRole('group', { name: 'Formation steps' }));
  await expectNoSideScroll(page, 'formation, company');

  await choose(page, 'State', 'Virginia');
  await page.getByLabel('Legal name').fill(`Phone Studio ${runTag()}`);
  await choose(page, 'Industry', 'Agents');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email address').fill('ada.lovelace@example.com');
  await page.getByLabel('Phone number').fill('(804) 555-0100');
  await next('Registered agent');

  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Address line 1').fill('1 Capitol Square');
  await page.getByLabel('City').fill('Richmond');
  await choose(page, 'County', 'Arlington County');
  await page.getByLabel('Zip code').fill('23219');
  await page.getByLabel('Phone number').fill('(804) 555-0101');
  await next('Organizers');

  await page.getByRole('radio', { name: 'Member' }).check();
  const organizer = page.getByRole('group', { name: 'Organizer 1' });
  await organizer.getByLabel('First name').fill('Ada');
  await organizer.getByLabel('Last name').fill('Lovelace');
  await organizer.getByLabel('Share ownership (%)').fill('100');
  await page.getByLabel('Social security number').fill('123456789');
  await page.getByLabel('First name on the social security card').fill('Ada');
  await page.getByLabel('Last name on the social security card').fill('Lovelace');
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Card payment' })).toBeVisible();
  await expectNoSideScroll(page, 'formation, card payment');
  await fillTestCard(page.getByRole('form', { name: 'Card details' }), '23219');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Thank you!' })).toBeVisible({ timeout: 20_000 });
  await expectNoSideScroll(page, 'formation, thank you');
});

test('the customer onboarding wizard on a phone: steps one under the other, general info to the new account', async ({
  page,
}) => {
  test.slow(); // five steps, a captcha, a new account and the onboarding dialog
  const tag = runTag();
  const email = `contact_phone_${tag}@example.com`;
  // As Chrome on Android: no PDF viewer of its own, so the contract comes in the app's.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'pdfViewerEnabled', { get: () => false }));
  await page.goto('/customer-onboarding');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer onboarding' })).toBeVisible();
  await expectStepsStacked(page.getByRole('main'));
  await expectNoSideScroll(page, 'onboarding, general info');
  await page.getByLabel('Legal company name').fill(`Phone Onboard ${tag} LLC`);
  await page.getByLabel('Contact first name').fill('Morgan');
  await page.getByLabel('Contact last name').fill('Prospect');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('(555) 010-2233');
  await choose(page, 'Position', 'Owner');
  await expect(page.getByText('Verified')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Next' }).click();

  // The intake's selects below the fold: each tapped list stays open where its field is.
  await expect(page).toHaveURL(/\/customer-onboarding\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('region', { name: 'Intake questions' })).toBeVisible();
  await choose(page, 'Industry', 'Other');
  await page.getByLabel('Industry name').fill('Falconry');
  await choose(page, 'Annual sales', '$100,000 - $500,000');
  await choose(page, 'Number of employees', '2 - 10');
  await choose(page, 'How did you hear about us?', 'Search engine');
  await page.getByRole('checkbox', { name: 'Tax' }).check();
  await page.getByRole('checkbox', { name: 'Bookkeeping' }).check();
  await page.getByRole('radiogroup', { name: 'Do you have any financial reports ready?' }).getByLabel('Yes').check();
  await choose(page, 'Which year do you need tax service for?', String(new Date().getFullYear() - 1));
  await page.getByRole('radiogroup', { name: 'Are you currently doing bookkeeping?' }).getByLabel('Yes').check();
  await choose(page, 'From which year do you need bookkeeping?', String(new Date().getFullYear()));
  await choose(page, 'Which accounting software do you use?', 'Xero');
  await expectNoSideScroll(page, 'onboarding, intake');
  await page.getByRole('button', { name: 'Next' }).click();

  const quote = page.getByRole('region', { name: 'Quote' });
  await quote.getByRole('checkbox', { name: 'Choose Tax', exact: true }).check();
  await quote.getByRole('checkbox', { name: 'Choose Bookkeeping', exact: true }).check();
  await expectNoSideScroll(page, 'onboarding, quote');
  await page.getByRole('button', { name: 'Next' }).click();

  const contract = page.getByRole('region', { name: 'Contract' });
  await expect(contract.getByRole('img', { name: /^Page 1 of \d+ of Contract-/ })).toBeVisible();
  await expectNoSideScroll(page, 'onboarding, contract');
  await contract.getByRole('button', { name: 'Next', exact: true }).click();

  const account = page.getByRole('region', { name: 'Create account' });
  await account.getByLabel('Employer identification number (EIN)').fill('123456789');
  await account.getByLabel('Company phone').fill('(555) 010-4455');
  await account.getByLabel('Company address').fill('1 Main Street, Springfield');
  await account.getByLabel('Email').fill(email);
  await account.getByRole('textbox', { name: 'Password', exact: true }).fill('Phone390x');
  await account.getByLabel('Confirm password').fill('Phone390x');
  await expectNoSideScroll(page, 'onboarding, create account');
  await account.getByRole('button', { name: 'Create account' }).click();

  // Signed in as the new owner: the onboarding dialog, full screen, with a photo of the tax return.
  await expect(page).not.toHaveURL(/customer-onboarding/);
  const dialog = page.getByRole('dialog', { name: 'Complete your onboarding' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Bank name').fill('First Test Bank');
  await dialog.getByLabel('Routing number').fill('123456789');
  await dialog.getByLabel('Account number').fill('000123456789');
  await expectNoSideScroll(page, 'the onboarding dialog, billing info');
  await dialog.getByRole('button', { name: 'Next' }).click();
  const choosing = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Tax return' }).click();
  await (await choosing).setFiles({ name: 'tax-return.jpg', mimeType: 'image/jpeg', buffer: JPEG });
  await dialog.getByRole('checkbox', { name: 'Upload the EIN letter later' }).check();
  await dialog.getByRole('checkbox', { name: 'Upload the Article of incorporation later' }).check();
  await expectNoSideScroll(page, 'the onboarding dialog, documents');
  await dialog.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByText('Your onboarding has been completed successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expectNoSideScroll(page, 'Home after onboarding');
});
