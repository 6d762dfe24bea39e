import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { LEAD_STATUS } from '@ledgerport/shared';
import { leads, storedFiles } from '../../../db/schema/index.js';
import { newStorageKey } from '../../../lib/storage/index.js';
import { pdfBytes } from '../../../testing/documents-factories.js';
import { only, signedIn, type MatrixFixture, type MatrixRow } from '../../../testing/authorization-matrix.js';
import { multipartBody } from '../../documents/__tests__/multipart.js';
import { insertLead } from '../../onboarding/__tests__/onboarding-helpers.js';

// lead:* is held by admin, advisor and supervisor in the default roles (docs/permissions.md); the
// employee and client roles hold none. The "me" routes are for any signed-in user and answer 404
// to one without a linked lead (no fixture user has one; the lead user is in leads.routes.test.ts).
const BASE = '/api/v1/document/leads';
const STAFF = (status: number) => only({ admin: status, advisor: status, supervisor: status });

async function leadWithFile(f: MatrixFixture) {
  const lead = await insertLead(f.db, LEAD_STATUS.contract, 'Matrix Files LLC');
  const content = pdfBytes('matrix');
  const storageKey = newStorageKey('leads');
  const { size, sha256 } = await f.storage.put(storageKey, Readable.from([content]));
  const [file] = await f.db
    .insert(storedFiles)
    .values({ storageKey, fileName: 'return.pdf', contentType: 'application/pdf', size, sha256 })
    .returning({ id: storedFiles.id });
  await f.db.update(leads).set({ taxReturnFileId: file!.id }).where(eq(leads.id, lead.id));
  return lead.id;
}

export const rows: MatrixRow[] = [
  { method: 'GET', route: BASE, expect: STAFF(200) },
  { method: 'GET', route: `${BASE}/statuses/all`, expect: STAFF(200) },
  { method: 'GET', route: `${BASE}/export`, expect: STAFF(200) },
  {
    method: 'DELETE',
    route: BASE,
    url: async (f) => `${BASE}?ids=${(await insertLead(f.db)).id}`,
    expect: STAFF(204),
  },
  {
    method: 'GET',
    route: `${BASE}/:id/details`,
    url: async (f) => `${BASE}/${(await insertLead(f.db)).id}/details`,
    expect: STAFF(200),
  },
  ...(['download', 'preview'] as const).flatMap((disposition): MatrixRow[] => [
    {
      method: 'GET',
      route: `${BASE}/:id/contract/${disposition}`,
      url: async (f) => `${BASE}/${(await insertLead(f.db, LEAD_STATUS.contract)).id}/contract/${disposition}`,
      expect: STAFF(200),
    },
    {
      method: 'GET',
      route: `${BASE}/:id/attachments/:kind/${disposition}`,
      url: async (f) => `${BASE}/${await leadWithFile(f)}/attachments/tax-return/${disposition}`,
      expect: STAFF(200),
    },
  ]),
  { method: 'GET', route: `${BASE}/me`, expect: signedIn(404) },
  {
    method: 'PUT',
    route: `${BASE}/me/billing-info`,
    body: () => ({
      companyBankName: 'Bank',
      companyBankRoutingNumber: '021000021',
      companyBankAccountingNumber: '12345678',
    }),
    expect: signedIn(404),
  },
  {
    method: 'PUT',
    route: `${BASE}/me/documents`,
    raw: () => multipartBody([{ name: 'UploadTaxReturnLater', value: 'true' }]),
    expect: signedIn(404),
  },
];
