import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  CLIENT_TYPE,
  CONTRACTOR_ERROR,
  CONTRACTOR_SERVICE_FEE_CENTS,
  CONTRACTOR_TYPE,
  PAYMENT_INTENT_RESULT,
  currentTaxYear,
} from '@ledgerport/shared';
import { contractors, payments } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { chooseCurrentClient, createClient, createUser } from '../../../testing/factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { businessBody, individualBody, insertContractor, stateId } from './contractors-fixtures.js';

const BASE = '/api/v1/document/contractors';
const FEE = CONTRACTOR_SERVICE_FEE_CENTS / 100;

let t: TestApp;
let ny: number;
let admin: SignedIn;
let taxEmployee: SignedIn;
let bookkeepingEmployee: SignedIn;

/** A client user acting for a fresh client of the given type. */
async function clientUser(clientType: 1 | 2 = CLIENT_TYPE.business) {
  const db = t.database.db;
  const owner = await createUser(db, { role: 'client' });
  const client = await createClient(db, { ownerUserId: owner.id, clientType });
  await chooseCurrentClient(db, owner.id, client.id);
  return { clientId: client.id, session: await signIn(t.app, owner.username, owner.password) };
}

function call(session: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });
}

async function add(session: SignedIn, body: object) {
  const response = await call(session, 'POST', BASE, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function pay(session: SignedIn) {
  const response = await call(session, 'POST', `${BASE}/payment-intent`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function confirmCard(clientSecret: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/company/payments/test-processor/confirm',
    payload: { clientSecret, outcome: 'succeeded', last4: '4242', brand: 'visa' },
  });
}

async function paymentStatusOf(clientSecret: string): Promise<number | undefined> {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.clientSecret, clientSecret));
  return row?.status;
}

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  await seedDemoFirm(t.database.db);
  ny = await stateId(t.database.db);
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  taxEmployee = await signIn(t.app, 'b1g1_employee@gmail.com', 'Group1');
  bookkeepingEmployee = await signIn(t.app, 'b1g2_employee@gmail.com', 'Group2');
});
afterAll(() => t.close());

describe('adding and reading contractors', () => {
  it('adds a business contractor to the current client and tax year, trimmed, fee set, EIN masked', async () => {
    const { clientId, session } = await clientUser();
    const created = await add(session, businessBody(ny, { clientId: 999_999 }));
    expect(created).toMatchObject({
      contractorType: { id: CONTRACTOR_TYPE.business, name: 'Business' },
      businessName: 'Acme Design LLC',
      fullName: 'Acme Design LLC',
      identificationNumber: '**-***6789',
      addressLine2: null,
      stateName: 'New York',
      totalPayment: 1250.5,
      serviceFee: FEE,
      isPaid: false,
      isCompleted: false,
      client: { id: clientId },
      taxYear: currentTaxYear(),
    });
    const [row] = await t.database.db.select().from(contractors).where(eq(contractors.id, created.id));
    expect(row!.identificationNumberEncrypted).not.toContain('3456789');
  });

  it('adds an individual with the SSN masked in the list and in full for the editor', async () => {
    const { session } = await clientUser();
    const created = await add(session, individualBody(ny));
    expect(created).toMatchObject({ fullName: 'Jane Doe', identificationNumber: '***-**-4321', totalPayment: 800 });
    const full = await call(session, 'GET', `${BASE}/individual/${created.id}`);
    expect(full.json()).toMatchObject({
      socialSecurityNumberOrTaxpayerIdentificationNumber: '987-65-4321',
      isIdentificationNumberRevealed: true,
    });
    // The wrong type's route does not know it.
    expect((await call(session, 'GET', `${BASE}/business/${created.id}`)).statusCode).toBe(404);
  });

  it('shows the full EIN only to callers holding contractor:edit', async () => {
    const { session } = await clientUser();
    const created = await add(session, businessBody(ny));
    const asAdmin = await call(admin, 'GET', `${BASE}/business/${created.id}`);
    expect(asAdmin.json()).toMatchObject({ employerIdentificationNumber: '12-3456789' });
    const asEmployee = await call(taxEmployee, 'GET', `${BASE}/business/${created.id}`);
    expect(asEmployee.json()).toMatchObject({
      employerIdentificationNumber: '**-***6789',
      isIdentificationNumberRevealed: false,
    });
  });

  it.each([
    ['an EIN without its dash', { employerIdentificationNumber: '123456789' }, 'employerIdentificationNumber'],
    ['a four-digit zip', { zipCode: '1220' }, 'zipCode'],
    ['a total of 0.00', { totalPayment: 0 }, 'totalPayment'],
    ['three decimals', { totalPayment: 10.005 }, 'totalPayment'],
    ['a blank business name', { businessName: '   ' }, 'businessName'],
    ['an unknown state', { stateId: 999_999 }, 'stateId'],
  ])('refuses %s', async (_label, overrides, field) => {
    const { session } = await clientUser();
    const response = await call(session, 'POST', BASE, businessBody(ny, overrides));
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().error.details)).toContain(field);
  });

  it('refuses an SSN or ITIN that is not nine digits', async () => {
    const { session } = await clientUser();
    const response = await call(
      session,
      'POST',
      BASE,
      individualBody(ny, { socialSecurityNumberOrTaxpayerIdentificationNumber: '98765432' }),
    );
    expect(response.statusCode).toBe(400);
  });

  it('lets staff add to a business client only', async () => {
    const business = await clientUser();
    const personal = await clientUser(CLIENT_TYPE.personal);
    expect((await call(admin, 'POST', BASE, businessBody(ny, { clientId: business.clientId }))).statusCode).toBe(201);
    const refused = await call(admin, 'POST', BASE, businessBody(ny, { clientId: personal.clientId }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe(CONTRACTOR_ERROR.notBusinessClient);
    expect((await call(admin, 'POST', BASE, businessBody(ny))).statusCode).toBe(400);
  });
});

describe('scope', () => {
  it("answers 404 for another client's contractor on every id route", async () => {
    const a = await clientUser();
    const b = await clientUser();
    const theirs = await add(b.session, businessBody(ny));
    for (const [method, url, body] of [
      ['GET', `${BASE}/business/${theirs.id}`, undefined],
      ['PUT', `${BASE}/business/${theirs.id}`, businessBody(ny)],
      ['DELETE', `${BASE}/${theirs.id}`, undefined],
    ] as const) {
      const { contractorType: _type, ...form } = (body ?? {}) as Record<string, unknown>;
      const response = await call(a.session, method, url, body ? form : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = (await call(a.session, 'GET', BASE)).json();
    expect(list.items.map((item: { id: number }) => item.id)).not.toContain(theirs.id);
  });

  it('refuses the whole feature (403) to a client user whose current client is personal', async () => {
    const { session } = await clientUser(CLIENT_TYPE.personal);
    expect((await call(session, 'GET', BASE)).statusCode).toBe(403);
    expect((await call(session, 'POST', BASE, businessBody(ny))).statusCode).toBe(403);
    expect((await call(session, 'POST', `${BASE}/payment-intent`)).statusCode).toBe(403);
  });

  it('ignores a client filter from a client user; staff filter by client', async () => {
    const a = await clientUser();
    const b = await clientUser();
    await add(a.session, businessBody(ny));
    const theirs = await add(b.session, businessBody(ny));
    const mine = (await call(a.session, 'GET', `${BASE}?clientId=${b.clientId}`)).json();
    expect(mine.items.every((item: { client: { id: number } }) => item.client.id === a.clientId)).toBe(true);
    const staff = (await call(admin, 'GET', `${BASE}?clientId=${b.clientId}`)).json();
    expect(staff.items.map((item: { id: number }) => item.id)).toEqual([theirs.id]);
  });

  it('offers staff business clients only in the type-ahead', async () => {
    const business = await clientUser();
    const personal = await clientUser(CLIENT_TYPE.personal);
    const found = (await call(admin, 'GET', `${BASE}/clients?text=Client`)).json() as Array<{ id: number }>;
    const ids = found.map((client) => client.id);
    expect(ids).toContain(business.clientId);
    expect(ids).not.toContain(personal.clientId);
  });
});

describe('the list', () => {
  it('filters, sorts, and reports the unpaid fee total and zero totals for the whole year', async () => {
    const { clientId, session } = await clientUser();
    await add(session, businessBody(ny, { businessName: 'Zeta Works' }));
    await add(session, individualBody(ny, { firstName: 'Amy', lastName: 'Adams' }));
    await insertContractor(t.database.db, { clientId, totalPaymentCents: 0, name: 'Imported Co' });
    await insertContractor(t.database.db, { clientId, taxYear: currentTaxYear() - 1, name: 'Last Year Co' });

    const all = (await call(session, 'GET', `${BASE}?sortedBy=name`)).json();
    expect(all.items.map((item: { fullName: string }) => item.fullName)).toEqual([
      'Amy Adams',
      'Imported Co',
      'Zeta Works',
    ]);
    expect(all.totalCount).toBe(3);
    expect(all.totalUnpaidServiceFee).toBe(3 * FEE);
    expect(all.hasAnyItemWithZeroTotalPayment).toBe(true);

    const individuals = (await call(session, 'GET', `${BASE}?contractorType=2`)).json();
    expect(individuals.items).toHaveLength(1);
    // The totals describe the year, not the search: they decide whether pay-and-submit is enabled.
    expect(individuals.totalUnpaidServiceFee).toBe(3 * FEE);

    const byName = (await call(session, 'GET', `${BASE}?businessNameOrFullName=zeta`)).json();
    expect(byName.items.map((item: { fullName: string }) => item.fullName)).toEqual(['Zeta Works']);

    const lastYear = (await call(session, 'GET', `${BASE}?year=${currentTaxYear() - 1}`)).json();
    expect(lastYear.items.map((item: { fullName: string }) => item.fullName)).toEqual(['Last Year Co']);
    expect(lastYear.hasAnyItemWithZeroTotalPayment).toBe(false);
  });

  it('refuses to pay while a contractor has a total payment of 0', async () => {
    const { clientId, session } = await clientUser();
    await insertContractor(t.database.db, { clientId, totalPaymentCents: 0 });
    const response = await call(session, 'POST', `${BASE}/payment-intent`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe(CONTRACTOR_ERROR.zeroTotalPayment);
  });
});

describe('editing, deleting, completing', () => {
  it('edits and deletes an unpaid contractor of the current tax year', async () => {
    const { session } = await clientUser();
    const created = await add(session, individualBody(ny));
    const { contractorType: _type, ...form } = individualBody(ny, { lastName: 'Smith', totalPayment: 99.99 });
    const edited = await call(session, 'PUT', `${BASE}/individual/${created.id}`, form);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ fullName: 'Jane Smith', totalPayment: 99.99 });
    expect((await call(session, 'DELETE', `${BASE}/${created.id}`)).statusCode).toBe(204);
    expect((await call(session, 'GET', `${BASE}/individual/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses to edit or delete a contractor of a previous tax year', async () => {
    const { clientId, session } = await clientUser();
    const id = await insertContractor(t.database.db, { clientId, taxYear: currentTaxYear() - 1 });
    const { contractorType: _type, ...form } = businessBody(ny);
    const edit = await call(session, 'PUT', `${BASE}/business/${id}`, form);
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.code).toBe(CONTRACTOR_ERROR.notCurrentTaxYear);
    expect((await call(session, 'DELETE', `${BASE}/${id}`)).statusCode).toBe(409);
  });

  it('lets staff complete and open a contractor; clients cannot', async () => {
    const { session } = await clientUser();
    const created = await add(session, businessBody(ny));
    expect((await call(taxEmployee, 'POST', `${BASE}/${created.id}/complete`)).statusCode).toBe(204);
    const completed = (await call(admin, 'GET', `${BASE}/business/${created.id}`)).json();
    expect(completed.isCompleted).toBe(true);
    const filtered = (await call(admin, 'GET', `${BASE}?isCompleted=true&clientId=${created.client.id}`)).json();
    expect(filtered.items.map((item: { id: number }) => item.id)).toEqual([created.id]);
    expect((await call(admin, 'POST', `${BASE}/${created.id}/open`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', `${BASE}/business/${created.id}`)).json().isCompleted).toBe(false);
    expect((await call(session, 'POST', `${BASE}/${created.id}/complete`)).statusCode).toBe(403);
  });
});

describe('pay and submit', () => {
  it('answers 2 when there is no unpaid contractor', async () => {
    const { session } = await clientUser();
    expect(await pay(session)).toEqual({
      resultType: PAYMENT_INTENT_RESULT.noUnpaidContractor,
      stripePaymentClientSecret: null,
      paymentAmount: null,
    });
  });

  it('creates one intent for every unpaid fee (1) and pays only on the provider event', async () => {
    const { session } = await clientUser();
    const business = await add(session, businessBody(ny));
    const individual = await add(session, individualBody(ny));

    const first = await pay(session);
    expect(first).toMatchObject({ resultType: PAYMENT_INTENT_RESULT.success, paymentAmount: 2 * FEE });
    expect(first.stripePaymentClientSecret).toMatch(/^pi_test_/);
    // Not paid until the provider says so.
    expect((await call(session, 'GET', BASE)).json().items.every((i: { isPaid: boolean }) => !i.isPaid)).toBe(true);

    const confirmed = await confirmCard(first.stripePaymentClientSecret);
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const list = (await call(session, 'GET', BASE)).json();
    expect(list.items.every((item: { isPaid: boolean }) => item.isPaid)).toBe(true);
    expect(list.totalUnpaidServiceFee).toBe(0);
    expect((await call(session, 'GET', `${BASE}?isPaid=false`)).json().totalCount).toBe(0);
    expect(await pay(session)).toMatchObject({ resultType: PAYMENT_INTENT_RESULT.noUnpaidContractor });

    const { contractorType: _type, ...form } = businessBody(ny);
    const edit = await call(session, 'PUT', `${BASE}/business/${business.id}`, form);
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.code).toBe(CONTRACTOR_ERROR.paid);
    expect((await call(session, 'DELETE', `${BASE}/${individual.id}`)).statusCode).toBe(409);
    expect((await call(admin, 'DELETE', `${BASE}/${individual.id}`)).statusCode).toBe(409);
  });

  it('offers the same intent again when the card form was closed without paying (1, never 3)', async () => {
    const { session } = await clientUser();
    await add(session, businessBody(ny));
    const first = await pay(session);
    const again = await pay(session);
    expect(again).toEqual({
      resultType: PAYMENT_INTENT_RESULT.success,
      stripePaymentClientSecret: first.stripePaymentClientSecret,
      paymentAmount: FEE,
    });
    // After a decline too: the same intent takes another card.
    const declined = await t.app.inject({
      method: 'POST',
      url: '/api/v1/company/payments/test-processor/confirm',
      payload: {
        clientSecret: first.stripePaymentClientSecret,
        outcome: 'card_declined',
        last4: '0002',
        brand: 'visa',
      },
    });
    expect(declined.json().status).toBe('requires_payment_method');
    expect(await pay(session)).toMatchObject({
      resultType: 1,
      stripePaymentClientSecret: first.stripePaymentClientSecret,
    });

    await confirmCard(first.stripePaymentClientSecret);
    await add(session, individualBody(ny));
    const second = await pay(session);
    expect(second).toMatchObject({ resultType: 1, paymentAmount: FEE });
    expect(second.stripePaymentClientSecret).not.toBe(first.stripePaymentClientSecret);
  });

  it('keeps the open intent equal to the unpaid total: adding, deleting and editing cancel or keep it', async () => {
    const { session } = await clientUser();
    const business = await add(session, businessBody(ny));
    const first = await pay(session);

    const individual = await add(session, individualBody(ny));
    // The intent for one fee is canceled here and at the provider: its card form can no longer charge.
    expect(await paymentStatusOf(first.stripePaymentClientSecret)).toBe(4);
    expect((await confirmCard(first.stripePaymentClientSecret)).statusCode).toBe(409);
    const second = await pay(session);
    expect(second).toMatchObject({ resultType: 1, paymentAmount: 2 * FEE });
    expect(second.stripePaymentClientSecret).not.toBe(first.stripePaymentClientSecret);

    // Editing keeps the fees, so the intent stays.
    const { contractorType: _type, ...form } = businessBody(ny, { businessName: 'Acme Renamed LLC' });
    expect((await call(session, 'PUT', `${BASE}/business/${business.id}`, form)).statusCode).toBe(200);
    expect(await paymentStatusOf(second.stripePaymentClientSecret)).toBe(1);
    expect(await pay(session)).toMatchObject({ stripePaymentClientSecret: second.stripePaymentClientSecret });

    expect((await call(session, 'DELETE', `${BASE}/${individual.id}`)).statusCode).toBe(204);
    expect(await paymentStatusOf(second.stripePaymentClientSecret)).toBe(4);
    const third = await pay(session);
    expect(third).toMatchObject({ resultType: 1, paymentAmount: FEE });
    expect(new Set([first, second, third].map((p) => p.stripePaymentClientSecret)).size).toBe(3);

    // Deleting the last unpaid contractor cancels its intent too.
    expect((await call(session, 'DELETE', `${BASE}/${business.id}`)).statusCode).toBe(204);
    expect(await paymentStatusOf(third.stripePaymentClientSecret)).toBe(4);
    expect(await pay(session)).toMatchObject({ resultType: PAYMENT_INTENT_RESULT.noUnpaidContractor });
  });

  it('is for client users only', async () => {
    expect((await call(admin, 'POST', `${BASE}/payment-intent`)).statusCode).toBe(403);
  });
});

describe('export', () => {
  it('streams an .xlsx to a tax employee and refuses other employees', async () => {
    const { clientId, session } = await clientUser();
    await add(session, businessBody(ny));
    const ok = await call(taxEmployee, 'GET', `${BASE}/export?clientId=${clientId}&sortedBy=name`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers['content-type']).toContain('spreadsheetml');
    expect(ok.headers['content-disposition']).toContain(`Contractors_${currentTaxYear()}_`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(ok.rawPayload as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]).toContain('Identification number');
    // The masked number only: an export leaves the system.
    expect(rows[1]).toEqual(expect.arrayContaining(['Acme Design LLC', '**-***6789', 1250.5]));

    const refused = await call(bookkeepingEmployee, 'GET', `${BASE}/export`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe(CONTRACTOR_ERROR.notTaxEmployee);
    expect((await call(session, 'GET', `${BASE}/export`)).statusCode).toBe(200);
  });
});
