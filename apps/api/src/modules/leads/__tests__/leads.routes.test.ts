import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LEAD_STATUS } from '@ledgerport/shared';
import { auditEvents, leads, storedFiles, users } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { pdfBytes } from '../../../testing/documents-factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { multipartBody, type FormPart } from '../../documents/__tests__/multipart.js';
import { insertLead, leadWithAccount } from '../../onboarding/__tests__/onboarding-helpers.js';

const BASE = '/api/v1/document/leads';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d2b1d40000000049454e44ae426082',
  'hex',
);

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let client: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(t.database.db);
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  employee = await signIn(t.app, 'b1g1_employee@gmail.com', 'Group1');
  client = await signIn(t.app, 'b1g1_client@gmail.com', 'Group1');
});
afterAll(() => t.close());

const fields = (body: { error: { details?: Array<{ field: string }> } }) =>
  (body.error.details ?? []).map((detail) => detail.field);
const get = (url: string, session: SignedIn = admin) => t.app.inject({ method: 'GET', url, headers: bearer(session) });

const billing = {
  companyBankName: 'First Bank',
  companyBankRoutingNumber: '021000021',
  companyBankAccountingNumber: '000123456789',
};
const documents = (parts: FormPart[], session: SignedIn) => {
  const { payload, headers } = multipartBody(parts);
  return t.app.inject({
    method: 'PUT',
    url: `${BASE}/me/documents`,
    payload,
    headers: { ...headers, ...bearer(session) },
  });
};

describe('lead onboarding after sign-in', () => {
  it('takes billing info (encrypted, shown masked), then the documents with upload-later, and completes', async () => {
    const lead = await leadWithAccount(t.app, t.database.db, 'Billing Co');
    const me = await signIn(t.app, lead.emailAddress, lead.password);
    expect((await get(`${BASE}/me`, me)).json()).toMatchObject({
      idHash: lead.idHash,
      status: { id: LEAD_STATUS.createAccount, displayName: 'Create account' },
      isLeadOnboardingCompleted: false,
      companyBankRoutingNumber: null,
    });
    // Documents come after billing info.
    expect((await documents([{ name: 'UploadTaxReturnLater', value: 'true' }], me)).statusCode).toBe(409);

    const badRouting = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/me/billing-info`,
      headers: bearer(me),
      payload: { ...billing, companyBankRoutingNumber: '12345' },
    });
    expect(fields(badRouting.json())).toEqual(['companyBankRoutingNumber']);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/me/billing-info`,
      headers: bearer(me),
      payload: billing,
    });
    expect(saved.statusCode).toBe(204);
    const [row] = await t.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row!.status).toBe(LEAD_STATUS.billingInfo);
    expect(row!.companyBankRoutingNumberEncrypted).toMatch(/^v1\./);
    expect(row!.companyBankRoutingNumberEncrypted).not.toContain('021000021');
    expect(row!.companyBankAccountNumberEncrypted).not.toContain('123456789');
    expect((await get(`${BASE}/me`, me)).json()).toMatchObject({
      companyBankName: 'First Bank',
      companyBankRoutingNumber: '*****0021',
      companyBankAccountingNumber: '********6789',
    });

    // Each file is required unless deferred; a file and its flag together are refused.
    const missing = await documents([{ name: 'UploadTaxReturnLater', value: 'true' }], me);
    expect(fields(missing.json())).toEqual(['EmployerIdentificationNumberAttachment']);
    const both = await documents(
      [
        { name: 'UploadTaxReturnLater', value: 'true' },
        { name: 'TaxReturnAttachment', fileName: 'return.pdf', content: pdfBytes() },
      ],
      me,
    );
    expect(fields(both.json())).toEqual(['TaxReturnAttachment']);
    // Content decides: text named .pdf is refused.
    const disguised = await documents(
      [{ name: 'taxreturnattachment', fileName: 'return.pdf', content: Buffer.from('just text, not a PDF') }],
      me,
    );
    expect(disguised.statusCode).toBe(415);
    const filesBefore = (await t.database.db.select().from(storedFiles)).length;

    const done = await documents(
      [
        { name: 'TaxReturnAttachment', fileName: 'return.pdf', content: pdfBytes('tax return') },
        { name: 'EmployerIdentificationNumberAttachment', fileName: 'ein.png', content: PNG },
        { name: 'UploadArticleOfIncorporationLater', value: 'true' },
      ],
      me,
    );
    expect(done.statusCode, done.body).toBe(204);
    expect((await t.database.db.select().from(storedFiles)).length).toBe(filesBefore + 2);
    const [user] = await t.database.db.select().from(users).where(eq(users.emailAddress, lead.emailAddress));
    expect(user!.isLeadOnboardingCompleted).toBe(true);
    expect((await get(`${BASE}/me`, me)).json().status.id).toBe(LEAD_STATUS.completed);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/account/authenticate',
      payload: { usernameOrEmailAddress: lead.emailAddress, password: lead.password },
    });
    expect(again.json().user.isLeadOnboardingCompleted).toBe(true);
    // Done: nothing more to give.
    expect(
      (await t.app.inject({ method: 'PUT', url: `${BASE}/me/billing-info`, headers: bearer(me), payload: billing }))
        .statusCode,
    ).toBe(409);

    // Staff see every field, masked, and the files.
    const details = (await get(`${BASE}/${lead.id}/details`)).json();
    expect(details).toMatchObject({
      legalCompanyName: 'Billing Co',
      status: { id: LEAD_STATUS.completed },
      companyEmployerIdentificationNumber: '**-***6789',
      companyBankRoutingNumber: '*****0021',
      linkedUser: { emailAddress: lead.emailAddress },
      taxReturnAttachment: { fileName: 'return.pdf' },
      employerIdentificationNumberAttachment: { fileName: 'ein.png' },
      articleOfIncorporationAttachment: null,
      services: [{ name: 'bookkeeping' }, { name: 'payroll' }],
      servicePlans: [{ id: 4, isPackage: true, fee: 450 }],
    });
    expect(details.contract.fileName).toMatch(/^Contract-Billing Co-\d{8}\.pdf$/);
    const preview = await get(`${BASE}/${lead.id}/attachments/tax-return/preview`);
    expect(preview.headers['content-disposition']).toMatch(/^inline/);
    expect(preview.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const download = await get(`${BASE}/${lead.id}/attachments/employer-identification-number/download`);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="ein.png"/);
    expect((await get(`${BASE}/${lead.id}/attachments/article-of-incorporation/preview`)).statusCode).toBe(404);
    const contract = await get(`${BASE}/${lead.id}/contract/download`);
    expect(contract.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const audited = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectType, 'lead'), eq(auditEvents.objectId, String(lead.id))));
    expect(audited.map((event) => event.action)).toEqual(
      expect.arrayContaining([
        'lead.viewed',
        'lead.file-downloaded',
        'lead.billing-info-saved',
        'lead.onboarding-completed',
      ]),
    );
  });

  it('answers 404 to a user without a linked lead', async () => {
    expect((await get(`${BASE}/me`, client)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'PUT', url: `${BASE}/me/billing-info`, headers: bearer(client), payload: billing }))
        .statusCode,
    ).toBe(404);
  });
});

describe('staff leads list', () => {
  it('lists, filters, sorts and pages live leads with their status', async () => {
    const a = await insertLead(t.database.db, LEAD_STATUS.quote, 'Zeta Filter Co');
    await insertLead(t.database.db, LEAD_STATUS.generalInformation, 'Alpha Filter Co');
    const page = (await get(`${BASE}?legalCompanyName=filter co&sortedBy=legalCompanyName`)).json();
    expect(page.totalCount).toBe(2);
    expect(page.items.map((item: { legalCompanyName: string }) => item.legalCompanyName)).toEqual([
      'Alpha Filter Co',
      'Zeta Filter Co',
    ]);
    expect(page.items[1]).toMatchObject({
      id: a.id,
      status: { id: LEAD_STATUS.quote, displayName: 'Quote' },
      contactFullName: 'Fay Factory',
      contactPosition: { id: 1, displayName: 'Owner' },
    });
    const byStatus = (await get(`${BASE}?legalCompanyName=filter co&statusId=${LEAD_STATUS.quote}`)).json();
    expect(byStatus.items.map((item: { id: number }) => item.id)).toEqual([a.id]);
    const today = new Date();
    const day = `${today.getUTCMonth() + 1}-${today.getUTCDate()}-${today.getUTCFullYear()}`;
    expect(
      (await get(`${BASE}?legalCompanyName=filter co&creationTimeFrom=${day}&creationTimeTo=${day}`)).json().totalCount,
    ).toBe(2);
    expect((await get(`${BASE}?legalCompanyName=filter co&creationTimeTo=1-1-2020`)).json().totalCount).toBe(0);
    expect(
      (
        await get(`${BASE}?legalCompanyName=filter co&limit=1&offset=1&sortedBy=legalCompanyName&sortedDesc=true`)
      ).json().items[0].legalCompanyName,
    ).toBe('Alpha Filter Co');

    const statuses = (await get(`${BASE}/statuses/all`)).json();
    expect(statuses).toHaveLength(13);
    expect(statuses[0]).toEqual({ id: 1, displayName: 'New lead' });
  });

  it('soft-deletes in bulk, all or nothing, and never shows deleted leads', async () => {
    const one = await insertLead(t.database.db, LEAD_STATUS.generalInformation, 'Delete One');
    const two = await insertLead(t.database.db, LEAD_STATUS.generalInformation, 'Delete Two');
    const del = (query: string, session = admin) =>
      t.app.inject({ method: 'DELETE', url: `${BASE}?${query}`, headers: bearer(session) });
    expect((await del(`ids=${one.id}&ids=999999`)).statusCode).toBe(404);
    expect((await get(`${BASE}?legalCompanyName=Delete`)).json().totalCount).toBe(2);
    expect((await del(`ids=${one.id}&ids=${two.id}`)).statusCode).toBe(204);
    expect((await get(`${BASE}?legalCompanyName=Delete`)).json().totalCount).toBe(0);
    expect((await get(`${BASE}/${one.id}/details`)).statusCode).toBe(404);
    expect((await del(`ids=${one.id}`)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(leads).where(eq(leads.id, one.id));
    expect(row!.deletedAt).not.toBeNull();
  });

  it('exports the filtered leads as .xlsx', async () => {
    await insertLead(t.database.db, LEAD_STATUS.generalInformation, 'Export Me Inc');
    const response = await get(`${BASE}/export?legalCompanyName=Export Me`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/Leads_\d{4}-\d{2}-\d{2}\.xlsx/);
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('keeps the screens to staff holding lead permissions', async () => {
    const { id } = await insertLead(t.database.db);
    expect((await get(BASE, client)).statusCode).toBe(403);
    expect((await get(`${BASE}/${id}/details`, client)).statusCode).toBe(403);
    // The default employee role holds no lead permission (docs/permissions.md).
    expect((await get(BASE, employee)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
  });
});
