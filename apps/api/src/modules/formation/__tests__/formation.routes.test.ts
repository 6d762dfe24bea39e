import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  BUSINESS_ADDRESS_TYPE,
  BUSINESS_ENTITY_TYPE,
  COUPON_VERIFY_MESSAGE,
  DISCOUNT_TYPE,
  FORMATION_ERROR,
  MAX_ORGANIZERS,
  REGISTERED_AGENT_TYPE,
} from '@ledgerport/shared';
import {
  auditEvents,
  companies,
  companyOrganizers,
  companyRegisteredAgents,
  coupons,
  payments,
  storedFiles,
} from '../../../db/schema/index.js';
import { pdfBytes } from '../../../testing/documents-factories.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { streamedMultipart } from '../../documents/__tests__/multipart.js';
import { FORMATION_SUBMIT_LIMITS } from '../formation.service.js';
import {
  formationReference,
  LLC_ORGANIZER,
  nonResidentBody,
  nonResidentFields,
  NON_RESIDENT_URL,
  RESIDENT_URL,
  residentPayload,
  type FormationReference,
} from './formation-fixtures.js';

let t: TestApp;
let ref: FormationReference;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  ref = await formationReference(t.database.db);
});
afterAll(() => t.close());

// Each call from its own address, so the per-IP throttle only shows where a test looks for it.
let ipCounter = 0;
const nextIp = () => `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

const submitResident = (payload: object, headers: Record<string, string> = {}, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url: RESIDENT_URL, payload, headers, remoteAddress });
const submitNonResident = (body: { payload: Buffer | NodeJS.ReadableStream; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: NON_RESIDENT_URL,
    payload: body.payload as Buffer,
    headers: body.headers,
    remoteAddress: nextIp(),
  });

type ErrorBody = { error: { code: string; message: string; details?: Array<{ field: string; message: string }> } };
const fieldsOf = (body: ErrorBody) => (body.error.details ?? []).map((detail) => detail.field).sort();
type Overrides = Record<string, unknown> | (() => Record<string, unknown>);
const resolve = (overrides: Overrides) => (typeof overrides === 'function' ? overrides() : overrides);
/** Lazy: the reference ids are known only once the database is up. */
const withAgent = (overrides: Record<string, unknown>) => () => ({
  registeredAgent: { ...residentPayload(ref).registeredAgent, ...overrides },
});
const organizer = (overrides: Record<string, unknown> = {}) => ({ ...LLC_ORGANIZER, ...overrides });

async function insertCoupon(values: Partial<typeof coupons.$inferInsert>) {
  const [row] = await t.database.db
    .insert(coupons)
    .values({
      title: 'Formation coupon',
      code: `F-${randomBytes(4).toString('hex')}`,
      discountType: DISCOUNT_TYPE.fixed,
      discountValue: '50.00',
      expirationDate: new Date(Date.now() + 10 * DAY),
      ...values,
    })
    .returning();
  return row!;
}

async function companyOfPayment(secret: string) {
  const [row] = await t.database.db
    .select({ company: companies, payment: payments })
    .from(companies)
    .innerJoin(payments, eq(payments.id, companies.registrationPaymentId))
    .where(eq(payments.clientSecret, secret));
  return row!;
}

describe('resident submission: the rules of spec 03 section 5', () => {
  it.each<[string, Overrides, string[]]>([
    [
      'step 1 required fields',
      { stateId: null, legalName: ' ', contactFirstName: '', contactLastName: null, contactPhoneNumber: '' },
      ['contactFirstName', 'contactLastName', 'contactPhoneNumber', 'legalName', 'stateId'],
    ],
    ['the Other industry needs its name', { industryId: null, otherIndustryName: '  ' }, ['otherIndustryName']],
    ['a contact e-mail without a dot in the domain', { contactEmailAddress: 'ada@example' }, ['contactEmailAddress']],
    ['a contact e-mail with a space', { contactEmailAddress: 'ada baker@example.com' }, ['contactEmailAddress']],
    ['a contact e-mail with two at-signs', { contactEmailAddress: 'ada@@example.com' }, ['contactEmailAddress']],
    ['a missing contact e-mail', { contactEmailAddress: '' }, ['contactEmailAddress']],
    [
      'an individual agent needs first and last name',
      withAgent({ firstName: null, lastName: '' }),
      ['registeredAgent.firstName', 'registeredAgent.lastName'],
    ],
    [
      'a company agent needs its company name',
      withAgent({ registeredAgentType: REGISTERED_AGENT_TYPE.company, companyName: null }),
      ['registeredAgent.companyName'],
    ],
    [
      'the agent address, city, county and phone',
      withAgent({ addressLine1: '', city: '', countyId: null, phoneNumber: '' }),
      [
        'registeredAgent.addressLine1',
        'registeredAgent.city',
        'registeredAgent.countyId',
        'registeredAgent.phoneNumber',
      ],
    ],
    ['an agent zip of 4 digits', withAgent({ zipCode: '2290' }), ['registeredAgent.zipCode']],
    ['an agent zip with letters', withAgent({ zipCode: '22a01' }), ['registeredAgent.zipCode']],
    ['an invalid agent e-mail', withAgent({ emailAddress: 'agent@' }), ['registeredAgent.emailAddress']],
    [
      'a new business address needs line 1, city and zip',
      { businessAddressType: BUSINESS_ADDRESS_TYPE.new, businessAddress: { addressLine1: '', city: '', zipCode: '1' } },
      ['businessAddress.addressLine1', 'businessAddress.city', 'businessAddress.zipCode'],
    ],
    [
      'a new business address that is missing',
      { businessAddressType: BUSINESS_ADDRESS_TYPE.new, businessAddress: null },
      ['businessAddress'],
    ],
    [
      'an invalid business address e-mail',
      {
        businessAddressType: BUSINESS_ADDRESS_TYPE.new,
        businessAddress: { addressLine1: '1 A St', city: 'Richmond', zipCode: '23219', emailAddress: 'x@y' },
      },
      ['businessAddress.emailAddress'],
    ],
    ['no management structure', { managementStructure: null }, ['managementStructure']],
    ['no organizer', { organizers: [] }, ['organizers']],
    [
      'an organizer without names',
      { organizers: [organizer({ firstName: '', lastName: ' ' })] },
      ['organizers.0.firstName', 'organizers.0.lastName'],
    ],
    [
      'share ownership that is not digits',
      { organizers: [organizer({ shareOwnership: '5O' })] },
      ['organizers.0.shareOwnership'],
    ],
    ['share ownership missing', { organizers: [organizer({ shareOwnership: '' })] }, ['organizers.0.shareOwnership']],
    [
      'a negative share ownership',
      { organizers: [organizer({ shareOwnership: -5 })] },
      ['organizers.0.shareOwnership'],
    ],
    [
      'a Corporation officer without titles',
      { businessEntityType: BUSINESS_ENTITY_TYPE.corporation, organizers: [organizer({ titles: [] })] },
      ['organizers.0.titles'],
    ],
    ['a director in an LLC', { organizers: [organizer({ isDirector: true })] }, ['organizers.0.isDirector']],
    ['titles in an LLC', { organizers: [organizer({ titles: [1] })] }, ['organizers.0.titles']],
    [
      'an unknown title',
      { businessEntityType: 2, organizers: [organizer({ titles: [9] })] },
      ['organizers.0.titles.0'],
    ],
    ['an SSN without the mask', { socialSecurityNumber: '123456789' }, ['socialSecurityNumber']],
    ['an SSN in area 000', { socialSecurityNumber: '000-12-3456' }, ['socialSecurityNumber']],
    ['an SSN in area 666', { socialSecurityNumber: '666-12-3456' }, ['socialSecurityNumber']],
    ['an SSN in area 9xx', { socialSecurityNumber: '912-12-3456' }, ['socialSecurityNumber']],
    ['an SSN in group 00', { socialSecurityNumber: '123-00-3456' }, ['socialSecurityNumber']],
    ['an SSN with serial 0000', { socialSecurityNumber: '123-45-0000' }, ['socialSecurityNumber']],
    [
      'the SSN and its names missing',
      { socialSecurityNumber: '', socialSecurityFirstName: '', socialSecurityLastName: '' },
      ['socialSecurityFirstName', 'socialSecurityLastName', 'socialSecurityNumber'],
    ],
  ])('refuses %s with 400 naming the fields', async (_rule, overrides, fields) => {
    const response = await submitResident(residentPayload(ref, resolve(overrides)));
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response.json())).toEqual(fields);
  });

  it('refuses a county of another state', async () => {
    const response = await submitResident(residentPayload(ref, withAgent({ countyId: ref.marylandCountyId })()));
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response.json())).toEqual(['registeredAgent.countyId']);
  });

  it('refuses an unknown state and an unknown industry', async () => {
    const response = await submitResident(residentPayload(ref, { stateId: 999_999, industryId: 999_999 }));
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response.json())).toEqual(['industryId', 'stateId']);
  });

  it('stores nothing for a refused submission', async () => {
    const [before] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(companies);
    await submitResident(residentPayload(ref, { socialSecurityNumber: '666-12-3456' }));
    const [after] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(companies);
    expect(after!.n).toBe(before!.n);
  });
});

describe('resident submission: pricing and the coupon', () => {
  it('prices a Virginia LLC without a coupon at $256.00 and stores the company with its payment', async () => {
    const response = await submitResident(residentPayload(ref));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ stripePaymentClientSecret: expect.any(String), paymentAmount: 256 });

    const { company, payment } = await companyOfPayment(body.stripePaymentClientSecret);
    expect(payment).toMatchObject({ purpose: 'company-formation', amountCents: 25_600, status: 1 });
    expect(payment.metadata).toEqual({ companyId: String(company.id) });
    expect(company).toMatchObject({
      isResident: true,
      businessEntityType: BUSINESS_ENTITY_TYPE.llc,
      legalName: 'Blue Ridge Bakery',
      stateFilingFeeCents: 10_000,
      processingFeeCents: 600,
      serviceFeeCents: 15_000,
      discountCents: 0,
      totalCents: 25_600,
      couponCode: null,
      businessAddressType: BUSINESS_ADDRESS_TYPE.predefined,
      businessAddressLine1: null,
    });

    const agents = await t.database.db
      .select()
      .from(companyRegisteredAgents)
      .where(eq(companyRegisteredAgents.companyId, company.id));
    expect(agents).toEqual([
      expect.objectContaining({ registeredAgentType: 1, firstName: 'Grace', countyId: ref.virginiaCountyId }),
    ]);
    const organizers = await t.database.db
      .select()
      .from(companyOrganizers)
      .where(eq(companyOrganizers.companyId, company.id));
    expect(organizers).toEqual([
      expect.objectContaining({ position: 0, firstName: 'Ada', shareOwnership: 100, titles: [], isDirector: false }),
    ]);
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.action} = 'company.submitted' and ${auditEvents.objectId} = ${String(company.id)}`);
    expect(audits).toHaveLength(1);
  });

  it('keeps the SSN encrypted: the number is nowhere in the stored row', async () => {
    const response = await submitResident(residentPayload(ref, { socialSecurityNumber: '234-56-7891' }));
    const { company } = await companyOfPayment(response.json().stripePaymentClientSecret);
    expect(company.socialSecurityNumberEncrypted).toMatch(/^v1\./);
    const result = await t.database.db.execute(
      sql`select count(*)::int as n from companies where companies::text like ${'%234-56-7891%'} or companies::text like ${'%234567891%'}`,
    );
    const rows = (result as unknown as { rows: Array<{ n: number }> }).rows;
    expect(rows[0]!.n).toBe(0);
  });

  it('takes no management structure from a Corporation and stores none', async () => {
    const response = await submitResident(
      residentPayload(ref, {
        businessEntityType: BUSINESS_ENTITY_TYPE.corporation,
        managementStructure: null,
        organizers: [organizer({ titles: [1], isDirector: true })],
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const { company } = await companyOfPayment(response.json().stripePaymentClientSecret);
    expect(company.managementStructure).toBeNull();
  });

  it('stores a Corporation officer with titles and the director flag', async () => {
    const response = await submitResident(
      residentPayload(ref, {
        businessEntityType: BUSINESS_ENTITY_TYPE.corporation,
        organizers: [
          organizer({ titles: [1, 3, 1], isDirector: true }),
          organizer({ firstName: 'Bo', shareOwnership: 0 }),
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(fieldsOf(response.json())).toEqual(['organizers.1.titles']);

    const ok = await submitResident(
      residentPayload(ref, {
        businessEntityType: BUSINESS_ENTITY_TYPE.corporation,
        organizers: [organizer({ titles: [1, 3, 1], isDirector: true }), organizer({ firstName: 'Bo', titles: [4] })],
      }),
    );
    expect(ok.statusCode).toBe(201);
    // Virginia Corporation: 75.00 + 4.50 + 150.00.
    expect(ok.json().paymentAmount).toBe(229.5);
    const { company } = await companyOfPayment(ok.json().stripePaymentClientSecret);
    const organizers = await t.database.db
      .select({ titles: companyOrganizers.titles, isDirector: companyOrganizers.isDirector })
      .from(companyOrganizers)
      .where(eq(companyOrganizers.companyId, company.id))
      .orderBy(companyOrganizers.position);
    expect(organizers).toEqual([
      { titles: [1, 3], isDirector: true },
      { titles: [4], isDirector: false },
    ]);
  });

  it('takes a fixed coupon off the service fee and snapshots it', async () => {
    const coupon = await insertCoupon({ discountType: DISCOUNT_TYPE.fixed, discountValue: '50.00' });
    const response = await submitResident(residentPayload(ref, { couponCode: coupon.code.toLowerCase() }));
    expect(response.statusCode).toBe(201);
    expect(response.json().paymentAmount).toBe(206);
    const { company, payment } = await companyOfPayment(response.json().stripePaymentClientSecret);
    expect(payment.amountCents).toBe(20_600);
    expect(company).toMatchObject({
      discountCents: 5_000,
      couponCode: coupon.code,
      couponDiscountType: DISCOUNT_TYPE.fixed,
      couponDiscountValue: '50.00',
    });
  });

  it('takes a percentage coupon as that percent of the service fee', async () => {
    const coupon = await insertCoupon({ discountType: DISCOUNT_TYPE.percentage, discountValue: '20.00' });
    const response = await submitResident(residentPayload(ref, { couponCode: coupon.code }));
    expect(response.statusCode).toBe(201);
    // 100 + 6 + (150 - 30).
    expect(response.json().paymentAmount).toBe(226);
  });

  it('never discounts below zero', async () => {
    const coupon = await insertCoupon({ discountType: DISCOUNT_TYPE.fixed, discountValue: '1000.00' });
    const response = await submitResident(residentPayload(ref, { couponCode: coupon.code }));
    expect(response.json().paymentAmount).toBe(106);
  });

  it.each<[string, () => Promise<string>, string]>([
    ['unknown', async () => 'NO-SUCH-CODE', COUPON_VERIFY_MESSAGE.unknown],
    ['inactive', async () => (await insertCoupon({ isActive: false })).code, COUPON_VERIFY_MESSAGE.inactive],
    [
      'expired',
      async () => (await insertCoupon({ expirationDate: new Date(Date.now() - DAY) })).code,
      COUPON_VERIFY_MESSAGE.expired,
    ],
  ])('refuses an %s coupon with the verify message', async (_case, code, message) => {
    const response = await submitResident(residentPayload(ref, { couponCode: await code() }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: FORMATION_ERROR.invalidCoupon, message });
    expect(fieldsOf(response.json())).toEqual(['couponCode']);
  });

  it('answers a retry with the same Idempotency-Key with the same payment, and stores one company', async () => {
    const key = randomUUID();
    const first = await submitResident(residentPayload(ref, { legalName: 'Retry Once LLC' }), {
      'idempotency-key': key,
    });
    const second = await submitResident(residentPayload(ref, { legalName: 'Retry Once LLC' }), {
      'idempotency-key': key,
    });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const rows = await t.database.db.select().from(companies).where(eq(companies.legalName, 'Retry Once LLC'));
    expect(rows).toHaveLength(1);
  });

  it('refuses a short or odd Idempotency-Key', async () => {
    const response = await submitResident(residentPayload(ref), { 'idempotency-key': '1' });
    expect(response.statusCode).toBe(400);
  });
});

describe('non-resident submission', () => {
  it('stores a Corporation with its passport (never under the user’s file name) at the fixed $500', async () => {
    const response = await submitNonResident(
      nonResidentBody(nonResidentFields(ref), [
        { index: 0, fileName: 'Kenji Sato passport.pdf', content: pdfBytes('passport') },
      ]),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().paymentAmount).toBe(500);
    const { company, payment } = await companyOfPayment(response.json().stripePaymentClientSecret);
    expect(payment.amountCents).toBe(50_000);
    expect(company).toMatchObject({
      isResident: false,
      managementStructure: null,
      stateFilingFeeCents: 35_000,
      serviceFeeCents: 15_000,
      totalCents: 50_000,
      socialSecurityNumberEncrypted: null,
      businessAddressLine1: '2 Harbour Road',
      businessAddressZipCode: '23510',
    });
    const [officer] = await t.database.db
      .select({ organizer: companyOrganizers, file: storedFiles })
      .from(companyOrganizers)
      .innerJoin(storedFiles, eq(storedFiles.id, companyOrganizers.passportFileId))
      .where(eq(companyOrganizers.companyId, company.id));
    expect(officer!.organizer).toMatchObject({ titles: [1, 4], isDirector: true, shareOwnership: 100 });
    expect(officer!.organizer.passportFileNameEncrypted).toMatch(/^v1\./);
    expect(officer!.file).toMatchObject({ fileName: 'passport.pdf', contentType: 'application/pdf' });
    expect(officer!.file.storageKey).toMatch(/^passports\//);
    await expect(t.app.storage.get(officer!.file.storageKey)).resolves.toBeDefined();
  });

  it('accepts field names in any case, and validates an SSN given', async () => {
    const fields = nonResidentFields(ref, { socialSecurityNumber: '666-12-3456' }).map(
      ([name, value]) => [name.toUpperCase(), value] as [string, string],
    );
    const response = await submitNonResident(nonResidentBody(fields));
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response.json())).toEqual(['socialSecurityNumber']);
  });

  it('stores an optional SSN encrypted', async () => {
    const response = await submitNonResident(
      nonResidentBody(nonResidentFields(ref, { socialSecurityNumber: '345-67-8912' })),
    );
    expect(response.statusCode).toBe(201);
    const { company } = await companyOfPayment(response.json().stripePaymentClientSecret);
    expect(company.socialSecurityNumberEncrypted).toMatch(/^v1\./);
    expect(company.socialSecurityNumberEncrypted).not.toContain('345');
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['step 1 required fields', { stateId: undefined, legalName: undefined }, ['legalName', 'stateId']],
    ['the Other industry needs its name', { industryId: undefined }, ['otherIndustryName']],
    [
      'step 2 contact fields',
      { contactFirstName: undefined, contactEmailAddress: 'kenji@' },
      ['contactEmailAddress', 'contactFirstName'],
    ],
    [
      'a new business address without its lines',
      { businessAddress: { zipCode: '2351' } },
      ['businessAddress.addressLine1', 'businessAddress.city', 'businessAddress.zipCode'],
    ],
    [
      'an officer without names or a digits-only share',
      { organizers: [{ titles: [1], shareOwnership: '1/2' }] },
      ['organizers.0.firstName', 'organizers.0.lastName', 'organizers.0.shareOwnership'],
    ],
    [
      'an officer without titles',
      { organizers: [{ firstName: 'A', lastName: 'B', shareOwnership: '1' }] },
      ['organizers.0.titles'],
    ],
    [
      'a director in an LLC',
      {
        businessEntityType: BUSINESS_ENTITY_TYPE.llc,
        organizers: [{ firstName: 'A', lastName: 'B', shareOwnership: '1', isDirector: true }],
      },
      ['organizers.0.isDirector'],
    ],
  ])('refuses %s with 400 naming the fields', async (_rule, overrides, fields) => {
    const response = await submitNonResident(nonResidentBody(nonResidentFields(ref, overrides)));
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response.json())).toEqual(fields);
  });

  it('requires each organizer’s passport', async () => {
    const fields = nonResidentFields(ref, {
      organizers: [
        { titles: [1], firstName: 'Kenji', lastName: 'Sato', shareOwnership: '50' },
        { titles: [2], firstName: 'Yui', lastName: 'Sato', shareOwnership: '50' },
      ],
    });
    const response = await submitNonResident(nonResidentBody(fields));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe(FORMATION_ERROR.passportRequired);
    expect(fieldsOf(response.json())).toEqual(['organizers.1.mainPageOfPassport']);
  });

  const storedFileCount = async () =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(storedFiles))[0]!.n;
  /** Every blob in storage has its stored_files row: a refused submission left none behind. */
  async function expectNoOrphanBlobs() {
    const keys: string[] = [];
    for await (const blob of t.app.storage.list()) keys.push(blob.key);
    const rows = await t.database.db.select({ key: storedFiles.storageKey }).from(storedFiles);
    expect(keys.sort()).toEqual(rows.map((row) => row.key).sort());
  }

  it('refuses a passport of 20,000,000 bytes with 413 and keeps no blob', async () => {
    const before = await storedFileCount();
    const fields = nonResidentFields(ref).map(([name, value]) => ({ name, value }));
    const response = await submitNonResident(
      streamedMultipart(fields, {
        name: 'organizers[0].mainPageOfPassport',
        fileName: 'passport.pdf',
        head: pdfBytes('big'),
        totalBytes: 20_000_000,
      }) as unknown as { payload: Buffer; headers: Record<string, string> },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe(FORMATION_ERROR.passportTooLarge);
    expect(fieldsOf(response.json())).toEqual(['organizers.0.mainPageOfPassport']);
    expect(await storedFileCount()).toBe(before);
    await expectNoOrphanBlobs();
  });

  it('refuses an executable renamed .pdf with 415', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00', 'latin1'), randomBytes(4096)]);
    const response = await submitNonResident(
      nonResidentBody(nonResidentFields(ref), [{ index: 0, fileName: 'passport.pdf', content: exe }]),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe(FORMATION_ERROR.passportType);
  });

  it('refuses a real file of a type outside the passport list (a GIF) with 415', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const response = await submitNonResident(
      nonResidentBody(nonResidentFields(ref), [{ index: 0, fileName: 'passport.gif', content: gif }]),
    );
    expect(response.statusCode).toBe(415);
  });

  it('refuses more passport files than organizers allowed with 413, as every upload does, and keeps no blob', async () => {
    const before = await storedFileCount();
    const organizers = Array.from({ length: MAX_ORGANIZERS }, (_, i) => ({
      titles: [1],
      firstName: `Organizer${i}`,
      lastName: 'Sato',
      shareOwnership: String(100 / MAX_ORGANIZERS),
    }));
    const passports = Array.from({ length: MAX_ORGANIZERS + 1 }, (_, index) => ({
      index,
      fileName: 'passport.pdf',
      content: pdfBytes(`passport ${index}`),
    }));
    const response = await submitNonResident(nonResidentBody(nonResidentFields(ref, { organizers }), passports));
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().error.message).toBe(`Send at most ${MAX_ORGANIZERS} passport files.`);
    expect(await storedFileCount()).toBe(before);
    await expectNoOrphanBlobs();
  });

  it('judges the fields before storing any file: fields after a file are refused', async () => {
    const body = nonResidentBody([...nonResidentFields(ref)]);
    const late = nonResidentBody([['contactFax', '123']], []);
    // The same parts, then a field after the passport.
    const boundary = body.headers['content-type']!.split('boundary=')[1]!;
    const lateBoundary = late.headers['content-type']!.split('boundary=')[1]!;
    const tail = late.payload.toString('latin1').replaceAll(lateBoundary, boundary);
    const payload = Buffer.concat([
      body.payload.subarray(0, body.payload.length - `--${boundary}--\r\n`.length),
      Buffer.from(tail, 'latin1'),
    ]);
    const response = await submitNonResident({ payload, headers: body.headers });
    expect(response.statusCode).toBe(400);
  });
});

describe('throttling', () => {
  it('answers 429 with Retry-After once an address has submitted too often, on both routes', async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < FORMATION_SUBMIT_LIMITS.perIp; i++) {
      const response = await submitResident({}, {}, ip);
      expect(response.statusCode).toBe(400);
    }
    const resident = await submitResident(residentPayload(ref), {}, ip);
    expect(resident.statusCode).toBe(429);
    expect(Number(resident.headers['retry-after'])).toBeGreaterThan(0);
    const nonResident = await t.app.inject({
      method: 'POST',
      url: NON_RESIDENT_URL,
      ...nonResidentBody(nonResidentFields(ref)),
      remoteAddress: ip,
    });
    expect(nonResident.statusCode).toBe(429);
    // Another address is not affected.
    expect((await submitResident(residentPayload(ref))).statusCode).toBe(201);
  });
});
