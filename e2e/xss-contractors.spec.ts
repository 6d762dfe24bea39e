import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support.js';
import { installProbe, poke, visit } from './xss/probe.js';
import {
  PASSWORD,
  businessClientWithOwner,
  corpusFor,
  corpusSize,
  inBatches,
  json,
  signInApi,
  walkPages,
} from './xss/records.js';

/*
 * Issue 11 item 6 for the 1099 contractors (see e2e/xss.spec.ts for the corpus and the other fields).
 * Every free-text field of a contractor takes 100 characters: business name, first and last name,
 * address lines 1 and 2 and city. Each field gets the whole corpus (packPayloads(100), every value
 * accepted by the contract), over business contractors (business name and the address) and
 * individual contractors (first and last name and the address again), all on one business client of
 * this run. Screens: the staff 1099 Form list (every page), the edit dialog of a business and of an
 * individual contractor, and the client owner's own 1099 Form list.
 * Not covered: EIN, SSN/ITIN, zip code and total payment are pattern-checked, no markup survives.
 */

// The app's Content-Security-Policy would stop most payloads on its own and hide a rendering
// mistake; these tests check the rendering, so without it.
test.use({ bypassCSP: true });
// A page per record on the shared 2-core machine: a minute is not always enough under load.
test.describe.configure({ timeout: 180_000 });

test('contractor names and addresses: staff and client 1099 lists and edit dialogs run no payload', async ({
  page,
  browser,
  request,
}) => {
  const tag = randomBytes(3).toString('hex');
  const admin = await signInApi(request);
  const { clientId, ownerEmail } = await businessClientWithOwner(request, admin, `Xss 1099 ${tag} LLC`, tag);
  const states = await json<Array<{ value: string }>>(await request.get('/api/v1/company/states/all'));
  const count = corpusSize(100);
  const texts = corpusFor(100, count);
  const address = (index: number) => ({
    addressLine1: texts[index]!,
    addressLine2: texts[index]!,
    city: texts[index]!,
    stateId: Number(states[0]!.value),
    zipCode: '78701',
    totalPayment: 100,
  });
  const businesses = await inBatches(texts, 6, async (businessName, index) =>
    json<{ fullName: string }>(
      await request.post('/api/v1/document/contractors', {
        headers: admin,
        data: {
          contractorType: 1,
          clientId,
          businessName,
          employerIdentificationNumber: '12-3456789',
          ...address(index),
        },
      }),
    ),
  );
  // First and last names take alternate values, so the two fields share one pass over the corpus.
  const individuals = await inBatches(Array.from({ length: Math.ceil(count / 2) }), 6, async (_, index) =>
    json<{ fullName: string }>(
      await request.post('/api/v1/document/contractors', {
        headers: admin,
        data: {
          contractorType: 2,
          clientId,
          firstName: texts[2 * index]!,
          lastName: texts[2 * index + 1] ?? 'X',
          socialSecurityNumberOrTaxpayerIdentificationNumber: '123-45-6789',
          ...address(index),
        },
      }),
    ),
  );
  const total = businesses.length + individuals.length;

  const probe = await installProbe(page);
  await signIn(page, DEMO.admin);
  await walkPages(page, `/1099-form?clientId=${clientId}`, Math.ceil(total / 50));
  for (const [contractorType, title] of [
    [1, 'Edit business contractor'],
    [2, 'Edit individual contractor'],
  ] as const) {
    await visit(page, `/1099-form?clientId=${clientId}&contractorType=${contractorType}&pageSize=50`);
    const rows = contractorType === 1 ? businesses.length : individuals.length;
    await expect(page.getByText(`1-${Math.min(rows, 50)} of ${rows}`, { exact: true })).toBeVisible();
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog.getByLabel('City')).not.toHaveValue('');
    await poke(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  probe.expectNone();

  // The client's own list: the same rows without the firm's columns.
  const ownerContext = await browser.newContext({ bypassCSP: true });
  const ownerPage = await ownerContext.newPage();
  const ownerProbe = await installProbe(ownerPage);
  await signIn(ownerPage, ownerEmail, PASSWORD);
  await walkPages(ownerPage, '/1099-form', Math.ceil(total / 50));
  ownerProbe.expectNone();
  await ownerContext.close();
});
