import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { DOCUMENT_SHARE_TTL_DAYS } from '@ledgerport/shared';
import {
  auditEvents,
  clientCollaboratorServices,
  clientCollaborators,
  clientServices,
  documentShares,
  services,
} from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { sha256Hex } from '../../../lib/crypto.js';
import { AUDIT_ACTION } from '../../audit/audit.repository.js';
import { createDocument } from '../../../testing/documents-factories.js';
import { chooseCurrentClient, createClient, createUser } from '../../../testing/factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { startSmtpServer, type TestSmtpServer } from '../../../testing/smtp.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { SHARE_LINK_LIMITS } from '../document-files.service.js';
import { unzip } from './unzip.js';

const API = '/api/v1/document';
const APP_URL = 'https://portal.example.com';
const PDF_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'self'; " +
  "base-uri 'none'; frame-ancestors 'none'";
const SANDBOX_CSP =
  "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'none'; " +
  "base-uri 'none'; frame-ancestors 'none'";
/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let smtp: TestSmtpServer;
let t: TestApp;
let taxId: number;
let payrollId: number;
let clientA: number;
let clientB: number;
let ownerA: Awaited<ReturnType<typeof createUser>>;
let collaboratorA: Awaited<ReturnType<typeof createUser>>;
let admin: SignedIn;
let owner: SignedIn;
let collaborator: SignedIn;
/** Outsiders to clientA's tax documents: client B's owner, a deactivated collaborator, one without the service. */
let outsiders: Array<[string, SignedIn]>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, APP_URL, LOGIN_MAX_FAILURES_PER_IP: '1000' });
  const db = t.database.db;
  await seedDemoFirm(db);
  const serviceId = async (name: string) =>
    (await db.select({ id: services.id }).from(services).where(eq(services.name, name)))[0]!.id;
  taxId = await serviceId('tax');
  payrollId = await serviceId('payroll');

  ownerA = await createUser(db, { role: 'client', firstName: 'Olga', lastName: 'Owner' });
  collaboratorA = await createUser(db, { role: 'client' });
  const deactivated = await createUser(db, { role: 'client' });
  const withoutService = await createUser(db, { role: 'client' });
  const ownerB = await createUser(db, { role: 'client' });
  clientA = (
    await createClient(db, {
      ownerUserId: ownerA.id,
      collaboratorUserIds: [collaboratorA.id, deactivated.id, withoutService.id],
    })
  ).id;
  clientB = (await createClient(db, { ownerUserId: ownerB.id })).id;
  for (const clientId of [clientA, clientB]) {
    await db.insert(clientServices).values([
      { clientId, serviceId: taxId },
      { clientId, serviceId: payrollId },
    ]);
  }
  await db.insert(clientCollaboratorServices).values([
    { clientId: clientA, userId: collaboratorA.id, serviceId: taxId },
    { clientId: clientA, userId: deactivated.id, serviceId: taxId },
    { clientId: clientA, userId: withoutService.id, serviceId: payrollId },
  ]);
  await db
    .update(clientCollaborators)
    .set({ isActive: false })
    .where(and(eq(clientCollaborators.clientId, clientA), eq(clientCollaborators.userId, deactivated.id)));
  for (const [user, clientId] of [
    [ownerA, clientA],
    [collaboratorA, clientA],
    [deactivated, clientA],
    [withoutService, clientA],
    [ownerB, clientB],
  ] as const) {
    await chooseCurrentClient(db, user.id, clientId);
  }

  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  owner = await signIn(t.app, ownerA.username, ownerA.password);
  collaborator = await signIn(t.app, collaboratorA.username, collaboratorA.password);
  outsiders = [
    ['owner of client B', await signIn(t.app, ownerB.username, ownerB.password)],
    ['deactivated collaborator', await signIn(t.app, deactivated.username, deactivated.password)],
    ['collaborator without the service', await signIn(t.app, withoutService.username, withoutService.password)],
  ];
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  // Mail an earlier test queued but did not look at must not be taken for this test's.
  await t.app.worker.drain();
  smtp.received.length = 0;
});

/** A tax document of client A, uploaded by its owner. */
function taxDocument(values: Partial<Parameters<typeof createDocument>[2]> = {}) {
  return createDocument(t.database.db, t.app.storage, {
    clientId: clientA,
    serviceId: taxId,
    creatorUserId: ownerA.id,
    ...values,
  });
}

const get = (url: string, session?: SignedIn, remoteAddress?: string) =>
  t.app.inject({ method: 'GET', url, headers: session ? bearer(session) : {}, remoteAddress });

async function auditRows(action: string, objectId: number) {
  return t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.objectId, String(objectId))));
}

let ipCounter = 0;
/** Public routes are throttled per IP: each test asks from its own address. */
const freshIp = () => `10.1.0.${++ipCounter}`;

describe('GET document/documents/:id/download', () => {
  it('streams the blob as an attachment named by RFC 6266, unsniffed and uncached, and audits it', async () => {
    const document = await taxDocument({ displayName: 'Résumé "final" 2025', fileName: 'scan.pdf' });
    const response = await get(`${API}/documents/${document.id}/download`, collaborator);

    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(document.content)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-length']).toBe(String(document.content.length));
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="R_sum_ _final_ 2025.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22%202025.pdf`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');

    const [event] = await auditRows(AUDIT_ACTION.documentDownloaded, document.id);
    expect(event).toMatchObject({
      actorUserId: collaborator.userId,
      objectType: 'document',
      clientId: clientA,
      requestId: response.headers['x-request-id'],
      ipAddress: '127.0.0.1',
    });
  });

  it('keeps the display name as it is when it already ends with the file extension', async () => {
    const document = await taxDocument({ displayName: 'Invoice 7.PDF', fileName: 'invoice.pdf' });
    const response = await get(`${API}/documents/${document.id}/download`, admin);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Invoice 7.PDF"; filename*=UTF-8''Invoice%207.PDF`,
    );
  });

  it('never lets a name carry a path or a header break', async () => {
    const document = await taxDocument({ displayName: '../../etc/passwd\r\nX-Evil: 1', fileName: 'a.pdf' });
    const response = await get(`${API}/documents/${document.id}/download`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-evil']).toBeUndefined();
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename=".._.._etc_passwd__X-Evil: 1.pdf"; filename*=UTF-8''.._.._etc_passwd__X-Evil%3A%201.pdf`,
    );
  });
});

describe('GET document/documents/:id/preview', () => {
  it('shows a PDF inline under a CSP that lets only the PDF itself load', async () => {
    const document = await taxDocument({ displayName: 'Letter', fileName: 'letter.pdf' });
    const response = await get(`${API}/documents/${document.id}/preview`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(document.content)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="Letter.pdf"; filename*=UTF-8''Letter.pdf`);
    // Replaces the app's own policy rather than adding a second header.
    expect(response.headers['content-security-policy']).toBe(PDF_CSP);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    const [event] = await auditRows(AUDIT_ACTION.documentPreviewed, document.id);
    expect(event).toMatchObject({ actorUserId: owner.userId, clientId: clientA });
  });

  it('shows an image inline in a sandbox', async () => {
    const document = await taxDocument({
      displayName: 'Receipt',
      fileName: 'receipt.png',
      contentType: 'image/png',
      content: PNG,
    });
    const response = await get(`${API}/documents/${document.id}/preview`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="Receipt.png"/);
    expect(response.headers['content-security-policy']).toBe(SANDBOX_CSP);
    expect(response.rawPayload.equals(PNG)).toBe(true);
  });

  it.each([
    ['a Word document', 'contract.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['a text file', 'notes.txt', 'text/plain'],
  ])('downloads %s instead of rendering it', async (_label, fileName, contentType) => {
    const document = await taxDocument({ displayName: 'File', fileName, contentType, content: Buffer.from('hello') });
    const response = await get(`${API}/documents/${document.id}/preview`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(contentType);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="File\.\w+"/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await auditRows(AUDIT_ACTION.documentPreviewed, document.id)).toHaveLength(1);
  });
});

describe('GET document/documents/download (zip)', () => {
  it('streams one zip of the documents with unique, path-free entry names and audits each', async () => {
    const first = await taxDocument({ displayName: 'a', fileName: 'one.pdf' });
    const second = await taxDocument({ displayName: 'a', fileName: 'two.pdf' });
    const third = await taxDocument({ displayName: 'A.pdf', fileName: 'three.pdf' });
    const nested = await taxDocument({ displayName: '2025/Q1 report', fileName: 'q1.pdf' });
    const text = await taxDocument({
      displayName: 'Notes',
      fileName: 'notes.txt',
      contentType: 'text/plain',
      content: Buffer.from('line\n'.repeat(1000)),
    });
    const ids = [first, second, third, nested, text].map((d) => d.id);
    const response = await get(`${API}/documents/download?${ids.map((id) => `ids=${id}`).join('&')}`, collaborator);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="documents-${today}.zip"; filename*=UTF-8''documents-${today}.zip`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');

    const entries = unzip(response.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['a.pdf', 'a (2).pdf', 'A (3).pdf', '2025_Q1 report.pdf', 'Notes.txt']);
    expect(entries.map((e) => e.content)).toEqual([first, second, third, nested, text].map((d) => d.content));
    expect(entries.map((e) => e.method)).toEqual([0, 0, 0, 0, 8]);
    for (const id of ids) {
      const [event] = await auditRows(AUDIT_ACTION.documentZipped, id);
      expect(event).toMatchObject({ actorUserId: collaborator.userId, clientId: clientA });
    }
  });

  it('announces the exact length when nothing is compressed', async () => {
    const one = await taxDocument();
    const two = await taxDocument();
    const response = await get(`${API}/documents/download?ids=${one.id}&ids=${two.id}`, admin);
    expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
    expect(unzip(response.rawPayload)).toHaveLength(2);
  });

  it("answers 404 and sends nothing when one id is another client's", async () => {
    const mine = await taxDocument();
    const foreign = await createDocument(t.database.db, t.app.storage, {
      clientId: clientB,
      serviceId: taxId,
      creatorUserId: admin.userId,
    });
    const response = await get(`${API}/documents/download?ids=${mine.id}&ids=${foreign.id}`, owner);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(await auditRows(AUDIT_ACTION.documentZipped, mine.id)).toHaveLength(0);
  });
});

describe('scope: a document the caller may not see answers 404 on every route', () => {
  it.each([0, 1, 2])('outsider %i', async (index) => {
    const [label, session] = outsiders[index]!;
    const document = await taxDocument();
    const [share] = await t.database.db
      .insert(documentShares)
      .values({
        documentId: document.id,
        recipientEmailAddress: 'x@example.com',
        requiresSignIn: true,
        createdByUserId: ownerA.id,
      })
      .returning();
    const base = `${API}/documents/${document.id}`;
    const calls = [
      get(`${base}/download`, session),
      get(`${base}/preview`, session),
      get(`${API}/documents/download?ids=${document.id}`, session),
      get(`${base}/shares`, session),
      t.app.inject({
        method: 'POST',
        url: `${base}/share`,
        headers: bearer(session),
        payload: { recipientEmailAddress: 'someone@example.com' },
      }),
      t.app.inject({ method: 'DELETE', url: `${base}/shares/${share!.id}`, headers: bearer(session) }),
    ];
    for (const response of await Promise.all(calls))
      expect(response.statusCode, `${label}: ${response.body}`).toBe(404);
    const [row] = await t.database.db.select().from(documentShares).where(eq(documentShares.id, share!.id));
    expect(row!.revokedAt).toBeNull();
  });
});

describe('share by e-mail', () => {
  const share = (documentId: number, recipientEmailAddress: string, session: SignedIn = admin) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/documents/${documentId}/share`,
      headers: bearer(session),
      payload: { recipientEmailAddress },
    });

  /** Delivers the queued mail over SMTP and returns what arrived. */
  async function delivered() {
    await t.app.worker.drain();
    expect(smtp.received).toHaveLength(1);
    return smtp.received[0]!;
  }

  it('sends a portal user who may see the document a sign-in link, with no token and no expiry', async () => {
    const document = await taxDocument({ displayName: 'Tax return 2025' });
    const response = await share(document.id, collaboratorA.emailAddress.toUpperCase());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      recipientEmailAddress: collaboratorA.emailAddress.toUpperCase(),
      requiresSignIn: true,
      expiresAt: null,
      revokedAt: null,
      createdBy: { id: admin.userId, fullName: expect.stringContaining('Group1') },
    });
    const [row] = await t.database.db.select().from(documentShares).where(eq(documentShares.id, response.json().id));
    expect(row).toMatchObject({ tokenHash: null, expiresAt: null });

    const message = await delivered();
    expect(message.subject).toMatch(/ shared a document with you$/);
    expect(message.text).toContain('Tax return 2025');
    expect(message.text).toContain(`${APP_URL}/documents/${document.id}`);
    expect(message.text).not.toContain('/shared-documents/');
    expect(message.attachments).toHaveLength(0);

    const [event] = await auditRows(AUDIT_ACTION.documentShared, document.id);
    expect(event).toMatchObject({ actorUserId: admin.userId, clientId: clientA });
    expect(event!.details).toMatchObject({
      recipientEmailAddress: collaboratorA.emailAddress.toUpperCase(),
      requiresSignIn: true,
    });
  });

  it('gives the owner a sign-in link even while they act for another client', async () => {
    const document = await taxDocument();
    const otherClient = await createClient(t.database.db, { ownerUserId: ownerA.id });
    await chooseCurrentClient(t.database.db, ownerA.id, otherClient.id);
    try {
      const response = await share(document.id, ownerA.emailAddress);
      expect(response.json().requiresSignIn).toBe(true);
    } finally {
      await chooseCurrentClient(t.database.db, ownerA.id, clientA);
    }
  });

  it('sends a portal user who may not see the document a link of its own instead', async () => {
    const document = await taxDocument({ serviceId: payrollId });
    // Collaborator A is granted tax only.
    const response = await share(document.id, collaboratorA.emailAddress);
    expect(response.json()).toMatchObject({ requiresSignIn: false, expiresAt: expect.any(String) });
  });

  it('sends anyone else an expiring single-recipient link that opens, downloads, expires and can be revoked', async () => {
    const document = await taxDocument({ displayName: 'Payslips', fileName: 'payslips.pdf' });
    const before = Date.now();
    const response = await share(document.id, 'outsider@example.com', owner);
    expect(response.statusCode).toBe(201);
    const dto = response.json();
    expect(dto.requiresSignIn).toBe(false);
    const ttl = new Date(dto.expiresAt).getTime() - before;
    expect(ttl / 86_400_000).toBeCloseTo(DOCUMENT_SHARE_TTL_DAYS, 2);

    const message = await delivered();
    expect(message.attachments).toHaveLength(0);
    expect(message.text).toContain('Payslips');
    expect(message.text).toContain('Olga Owner');
    expect(message.subject).toBe('Olga Owner shared a document with you');
    expect(message.text).toMatch(/works until .+ UTC/);
    const link = new RegExp(`${APP_URL}/shared-documents/([A-Za-z0-9_-]+)`).exec(message.text ?? '');
    const token = link![1]!;
    expect(token).toHaveLength(43);
    const [row] = await t.database.db.select().from(documentShares).where(eq(documentShares.id, dto.id));
    expect(row!.tokenHash).toBe(sha256Hex(token));

    const ip = freshIp();
    const opened = await get(`${API}/shared/${token}`, undefined, ip);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({
      displayName: 'Payslips',
      fileName: 'Payslips.pdf',
      contentType: 'application/pdf',
      size: document.content.length,
      sharedBy: 'Olga Owner',
      expiresAt: dto.expiresAt,
    });
    const downloaded = await get(`${API}/shared/${token}/download`, undefined, ip);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.equals(document.content)).toBe(true);
    expect(downloaded.headers['content-disposition']).toBe(
      `attachment; filename="Payslips.pdf"; filename*=UTF-8''Payslips.pdf`,
    );
    expect(downloaded.headers['x-content-type-options']).toBe('nosniff');
    expect(downloaded.headers['cache-control']).toBe('no-store');
    const [event] = await auditRows(AUDIT_ACTION.documentShareDownloaded, document.id);
    expect(event).toMatchObject({ actorUserId: null, clientId: clientA, ipAddress: ip });
    expect(event!.details).toMatchObject({ recipientEmailAddress: 'outsider@example.com' });

    // Seven days on.
    await t.database.db
      .update(documentShares)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(documentShares.id, dto.id));
    const expired = await get(`${API}/shared/${token}`, undefined, ip);
    expect(expired.statusCode).toBe(404);
    expect((await get(`${API}/shared/${token}/download`, undefined, ip)).statusCode).toBe(404);
    const unknown = await get(`${API}/shared/${'A'.repeat(43)}`, undefined, ip);
    expect(unknown.json().error.message).toBe(expired.json().error.message);
  });

  it('revokes a link: idempotent, audited once, and the link stops working', async () => {
    const document = await taxDocument();
    const first = (await share(document.id, 'first@example.com')).json();
    await t.app.worker.drain();
    const token = /\/shared-documents\/([A-Za-z0-9_-]{43})/.exec(smtp.received[0]!.text ?? '')![1]!;
    const second = (await share(document.id, 'second@example.com')).json();
    const ip = freshIp();
    expect((await get(`${API}/shared/${token}`, undefined, ip)).statusCode).toBe(200);

    const revoke = () =>
      t.app.inject({
        method: 'DELETE',
        url: `${API}/documents/${document.id}/shares/${first.id}`,
        headers: bearer(owner),
      });
    expect((await revoke()).statusCode).toBe(204);
    expect((await revoke()).statusCode).toBe(204);
    expect(await auditRows(AUDIT_ACTION.documentShareRevoked, document.id)).toHaveLength(1);
    const gone = await get(`${API}/shared/${token}`, undefined, ip);
    expect(gone.statusCode).toBe(404);
    expect((await get(`${API}/shared/${token}/download`, undefined, ip)).statusCode).toBe(404);

    const list = await get(`${API}/documents/${document.id}/shares`, collaborator);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((s: { id: number }) => s.id)).toEqual([second.id, first.id]);
    expect(list.json()[1].revokedAt).toEqual(expect.any(String));
    expect(list.json()[0].revokedAt).toBeNull();

    // A share of another document is not this document's to revoke.
    const other = await taxDocument();
    const wrong = await t.app.inject({
      method: 'DELETE',
      url: `${API}/documents/${other.id}/shares/${second.id}`,
      headers: bearer(owner),
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('throttles the public routes per IP', async () => {
    const ip = freshIp();
    const unknown = `${API}/shared/${'B'.repeat(43)}`;
    for (let i = 0; i < SHARE_LINK_LIMITS.perIp; i++) expect((await get(unknown, undefined, ip)).statusCode).toBe(404);
    const throttled = await get(unknown, undefined, ip);
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(unknown, undefined, freshIp())).statusCode).toBe(404);
  });
});

describe('a blob missing from storage', () => {
  it('fails the download instead of sending an empty file', async () => {
    const document = await taxDocument();
    await t.app.storage.delete(document.file.storageKey);
    const response = await get(`${API}/documents/${document.id}/download`, admin);
    expect(response.statusCode).toBe(500);
    expect(await auditRows(AUDIT_ACTION.documentDownloaded, document.id)).toHaveLength(0);
  });

  it('aborts the zip, so a partial one is never taken for a whole one', async () => {
    const present = await taxDocument();
    const missing = await taxDocument();
    await t.app.storage.delete(missing.file.storageKey);
    await expect(get(`${API}/documents/download?ids=${present.id}&ids=${missing.id}`, admin)).rejects.toThrow(
      /destroyed before completion/,
    );
  });

  it('has no HEAD route that would record a download without one', async () => {
    const document = await taxDocument();
    const response = await t.app.inject({
      method: 'HEAD',
      url: `${API}/documents/${document.id}/download`,
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(404);
    expect(await auditRows(AUDIT_ACTION.documentDownloaded, document.id)).toHaveLength(0);
  });
});
