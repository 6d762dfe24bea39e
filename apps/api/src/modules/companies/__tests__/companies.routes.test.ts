import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CompanyDetails, PagedCompanies } from '@ledgerport/shared';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { auditEvents, companies } from '../../../db/schema/index.js';
import { fieldCryptoOf } from '../../../testing/clients-factories.js';
import { bearer, signIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { createCompany, passportBytes } from './companies-factory.js';

const BASE = '/api/v1/company/companies';
let t: TestApp;
let admin: Record<string, string>;
const deps = () => ({ fieldCrypto: fieldCryptoOf(t), storage: t.app.storage });

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(t.database.db);
  admin = bearer(await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1'));
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin });
const details = async (id: number) => {
  const response = await get(`${BASE}/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json() as CompanyDetails;
};

describe('GET company/companies', () => {
  beforeEach(async () => {
    await t.database.db.delete(companies);
  });

  it('pages the companies newest first with the columns of the list', async () => {
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    await createCompany(t.database.db, { legalName: 'Oldest', createdAt: day(1), paymentStatus: 2 });
    await createCompany(t.database.db, {
      legalName: 'Middle',
      createdAt: day(2),
      businessEntityType: 2,
      isResident: false,
      paymentStatus: 3,
    });
    await createCompany(t.database.db, { legalName: 'Newest', createdAt: day(3), contactFirstName: 'Grace' });

    const first = (await get(`${BASE}?limit=2&offset=0`)).json() as PagedCompanies;
    expect(first.totalCount).toBe(3);
    expect(first.items.map((c) => c.legalName)).toEqual(['Newest', 'Middle']);
    expect(first.items[0]).toEqual({
      id: expect.any(Number),
      legalName: 'Newest',
      businessEntityType: { id: 1, name: 'LLC' },
      contactFullName: 'Grace Lovelace',
      contactEmailAddress: 'ada@example.com',
      contactPhoneNumber: '(555) 010-0100',
      isResident: true,
      registrationPaymentStatus: { id: 1, name: 'Pending' },
      creationTime: day(3).toISOString(),
    });
    expect(first.items[1]).toMatchObject({
      businessEntityType: { id: 2, name: 'Corporation' },
      isResident: false,
      registrationPaymentStatus: { id: 3, name: 'Failed' },
    });

    const second = (await get(`${BASE}/?limit=2&offset=2`)).json() as PagedCompanies;
    expect(second).toMatchObject({
      totalCount: 3,
      items: [{ legalName: 'Oldest', registrationPaymentStatus: { id: 2 } }],
    });
  });

  it('ignores a sort request: the columns are not sortable', async () => {
    await createCompany(t.database.db, { legalName: 'B', createdAt: new Date(Date.UTC(2026, 0, 1)) });
    await createCompany(t.database.db, { legalName: 'A', createdAt: new Date(Date.UTC(2026, 0, 2)) });
    const page = (await get(`${BASE}?sortedBy=legalName&sortedDesc=false`)).json() as PagedCompanies;
    expect(page.items.map((c) => c.legalName)).toEqual(['A', 'B']);
  });

  it('shows no payment status for a company without a registration payment, and an empty page', async () => {
    expect((await get(BASE)).json()).toEqual({ items: [], totalCount: 0 });
    await createCompany(t.database.db, { paymentStatus: null });
    expect(((await get(BASE)).json() as PagedCompanies).items[0]!.registrationPaymentStatus).toBeNull();
  });
});

describe('GET company/companies/:id', () => {
  it('gives every section of a resident LLC, the social security number masked', async () => {
    const { company, organizers } = await createCompany(
      t.database.db,
      {
        legalName: 'Blue Ridge Ventures',
        doingBusinessAs: 'Blue Ridge',
        socialSecurityNumber: '123-45-6789',
        couponCode: 'SPRING',
        paymentStatus: 2,
        ownBusinessAddress: true,
        organizers: [
          { firstName: 'Ada', middleName: 'King', shareOwnership: 60 },
          { firstName: 'Charles', shareOwnership: 40 },
        ],
      },
      deps(),
    );
    const body = await details(company.id);
    expect(body).toMatchObject({
      id: company.id,
      legalName: 'Blue Ridge Ventures',
      doingBusinessAs: 'Blue Ridge',
      businessEntityType: { id: 1, name: 'LLC' },
      state: { name: 'Virginia' },
      isResident: true,
      industry: { name: 'Agents' },
      otherIndustryName: null,
      contactFullName: 'Ada Lovelace',
      contactFax: null,
      managementStructure: { id: 2, name: 'Member' },
      socialSecurityNumber: '***-**-6789',
      socialSecurityFirstName: 'Ada',
      registeredAgent: {
        registeredAgentType: { id: 1, name: 'Individual' },
        firstName: 'Grace',
        lastName: 'Hopper',
        county: { name: 'Fairfax County' },
        zipCode: '22030',
      },
      businessAddress: { addressLine1: '1 Main Street', city: 'Richmond', zipCode: '23219', addressLine2: null },
      organizers: [
        {
          id: organizers[0]!.id,
          firstName: 'Ada',
          middleName: 'King',
          shareOwnership: 60,
          titles: [],
          isDirector: null,
          mainPageOfPassport: null,
        },
        { id: organizers[1]!.id, firstName: 'Charles', shareOwnership: 40 },
      ],
      registrationPayment: {
        paymentStatus: { id: 2, name: 'Paid' },
        stateFilingFee: 100,
        processingFee: 6,
        serviceFee: 150,
        coupon: { code: 'SPRING', discountType: 2, discountValue: 15 },
        discountAmount: 15,
        totalAmount: 241,
      },
    });
    expect(JSON.stringify(body)).not.toContain('123-45-6789');
  });

  it('gives a non-resident Corporation its officers, titles, directors and passports, and no agent or address', async () => {
    const { company } = await createCompany(
      t.database.db,
      {
        isResident: false,
        businessEntityType: 2,
        managementStructure: null,
        industryName: null,
        otherIndustryName: 'Beekeeping',
        paymentStatus: null,
        organizers: [
          { titles: [1, 4], isDirector: true, passportFileName: 'Ada passport.png' },
          { titles: [2], isDirector: false },
        ],
      },
      deps(),
    );
    const body = await details(company.id);
    expect(body).toMatchObject({
      isResident: false,
      businessEntityType: { id: 2, name: 'Corporation' },
      industry: null,
      otherIndustryName: 'Beekeeping',
      managementStructure: null,
      socialSecurityNumber: null,
      registeredAgent: null,
      businessAddress: null,
      registrationPayment: null,
      organizers: [
        {
          titles: [
            { id: 1, name: 'President' },
            { id: 4, name: 'Secretary' },
          ],
          isDirector: true,
          mainPageOfPassport: { fileName: 'Ada passport.png' },
        },
        { titles: [{ id: 2, name: 'Vice President' }], isDirector: false, mainPageOfPassport: null },
      ],
    });
  });

  it('records who viewed the company', async () => {
    const { company } = await createCompany(t.database.db);
    await details(company.id);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'company.viewed'), eq(auditEvents.objectId, String(company.id))));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ objectType: 'company', actorUserId: expect.any(Number) });
  });

  it('answers 404 for an unknown company', async () => {
    expect((await get(`${BASE}/999999`)).statusCode).toBe(404);
  });
});

describe('GET company/companies/:id/organizers/:organizerId/passport', () => {
  it('streams the passport as an attachment under its uploaded name, with the safe headers, and records it', async () => {
    const { company, organizers } = await createCompany(
      t.database.db,
      { isResident: false, organizers: [{ passportFileName: 'Pässport "main".png' }] },
      deps(),
    );
    const response = await get(`${BASE}/${company.id}/organizers/${organizers[0]!.id}/passport`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(passportBytes())).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="P_ssport _main_.png"; filename*=UTF-8''P%C3%A4ssport%20%22main%22.png`,
    );
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'company.passport-downloaded'), eq(auditEvents.objectId, String(company.id))));
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toEqual({ organizerId: organizers[0]!.id });
  });

  it('answers 404 for an organizer without a passport or of another company, and for unknown ids', async () => {
    const withPassport = await createCompany(
      t.database.db,
      { isResident: false, organizers: [{ passportFileName: 'a.png' }] },
      deps(),
    );
    const other = await createCompany(t.database.db, { isResident: false });
    const url = (companyId: number, organizerId: number) => `${BASE}/${companyId}/organizers/${organizerId}/passport`;
    expect((await get(url(other.company.id, other.organizers[0]!.id))).statusCode).toBe(404);
    expect((await get(url(other.company.id, withPassport.organizers[0]!.id))).statusCode).toBe(404);
    expect((await get(url(999999, 1))).statusCode).toBe(404);
  });
});
