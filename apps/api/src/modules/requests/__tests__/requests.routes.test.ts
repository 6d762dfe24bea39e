import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  REQUEST_ERROR,
  REQUEST_ITEM_KIND,
  REQUEST_ITEM_STATUS,
  REQUEST_STATUS,
  REQUEST_VALIDATION,
  REMINDER_CADENCE_DEFAULTS,
  type RequestDetails,
} from '@ledgerport/shared';
import {
  auditEvents,
  clientCollaboratorServices,
  clientServices,
  documents,
  documentTags,
  requestItems,
  services,
  tags,
} from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { pdfBytes } from '../../../testing/documents-factories.js';
import { chooseCurrentClient, createClient, createUser } from '../../../testing/factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { multipartBody, otherDocumentsTagId } from '../../documents/__tests__/multipart.js';
import { fieldCryptoOf } from '../../../testing/clients-factories.js';
import { createAuditLog } from '../../audit/audit.repository.js';
import { createJobQueue } from '../../../lib/jobs/job-queue.js';
import { createNotificationPublisher } from '../../notifications/index.js';
import { createRequestsRepository } from '../requests.repository.js';
import { createRequestsService } from '../requests.service.js';
import { daysFromNow, insertRequest } from './requests-fixtures.js';

const BASE = '/api/v1/document/requests';

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let tax: number;
let bookkeeping: number;
let otherDocuments: number;

function call(session: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });
}

async function serviceId(name: string): Promise<number> {
  const [row] = await t.database.db.select({ id: services.id }).from(services).where(eq(services.name, name));
  return row!.id;
}

/** A client using Tax and Bookkeeping, its owner (acting for it), and a collaborator granted Bookkeeping only. */
async function clientWithPeople() {
  const db = t.database.db;
  const owner = await createUser(db, { role: 'client' });
  const collaborator = await createUser(db, { role: 'client' });
  const client = await createClient(db, { ownerUserId: owner.id, collaboratorUserIds: [collaborator.id] });
  await db.insert(clientServices).values([
    { clientId: client.id, serviceId: tax },
    { clientId: client.id, serviceId: bookkeeping },
  ]);
  await db
    .insert(clientCollaboratorServices)
    .values({ clientId: client.id, userId: collaborator.id, serviceId: bookkeeping });
  for (const user of [owner, collaborator]) {
    await chooseCurrentClient(db, user.id, client.id);
  }
  return {
    clientId: client.id,
    owner: await signIn(t.app, owner.username, owner.password),
    collaborator: await signIn(t.app, collaborator.username, collaborator.password),
  };
}

function threeItems() {
  return [
    { title: 'Bank statements', kind: REQUEST_ITEM_KIND.documents, tagIds: [otherDocuments] },
    { title: 'Did you buy a home?', description: 'Answer yes or no.', kind: REQUEST_ITEM_KIND.answer },
    { title: 'Childcare receipts', kind: REQUEST_ITEM_KIND.both, tagIds: [otherDocuments] },
  ];
}

async function create(clientId: number, overrides: object = {}): Promise<RequestDetails> {
  const response = await call(admin, 'POST', BASE, {
    clientId,
    serviceId: tax,
    title: '2026 tax return documents',
    description: '<p>What we need <script>alert(1)</script><strong>by the due date</strong></p>',
    dueDate: daysFromNow(10),
    items: threeItems(),
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

function itemUrl(request: RequestDetails, index: number, action: string) {
  return `${BASE}/${request.id}/items/${request.items[index]!.id}/${action}`;
}

function uploadTo(session: SignedIn, url: string, fileName = 'statement.pdf') {
  const { payload, headers } = multipartBody([
    { name: 'Description', value: 'March and April' },
    { name: 'Files', fileName, content: pdfBytes(fileName) },
  ]);
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(session) } });
}

async function auditActions(objectId: number): Promise<string[]> {
  const rows = await t.database.db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(and(eq(auditEvents.objectType, 'request'), eq(auditEvents.objectId, String(objectId))))
    .orderBy(auditEvents.id);
  return rows.map((row) => row.action);
}

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  await seedDemoFirm(t.database.db);
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  employee = await signIn(t.app, 'b1g1_employee@gmail.com', 'Group1');
  tax = await serviceId('tax');
  bookkeeping = await serviceId('bookkeeping');
  otherDocuments = await otherDocumentsTagId(t.database.db);
});
afterAll(() => t.close());

describe('creating a request', () => {
  it('sends a request with ordered items to one client; the description is sanitised', async () => {
    const { clientId } = await clientWithPeople();
    const request = await create(clientId);
    expect(request).toMatchObject({
      client: { id: clientId },
      service: { id: tax },
      title: '2026 tax return documents',
      status: REQUEST_STATUS.open,
      isOverdue: false,
      itemCount: 3,
      acceptedCount: 0,
      createdBy: { name: expect.any(String) },
    });
    expect(request.description).toBe('<p>What we need <strong>by the due date</strong></p>');
    expect(request.items.map((item) => [item.title, item.kind, item.status])).toEqual([
      ['Bank statements', REQUEST_ITEM_KIND.documents, REQUEST_ITEM_STATUS.requested],
      ['Did you buy a home?', REQUEST_ITEM_KIND.answer, REQUEST_ITEM_STATUS.requested],
      ['Childcare receipts', REQUEST_ITEM_KIND.both, REQUEST_ITEM_STATUS.requested],
    ]);
    expect(request.items[0]!.tags.map((tag) => tag.id)).toEqual([otherDocuments]);
    expect(await auditActions(request.id)).toEqual(['request.created']);
  });

  it('refuses bad input with the field named, and writes nothing', async () => {
    const { clientId } = await clientWithPeople();
    const cases: Array<[object, number, string]> = [
      [{ dueDate: daysFromNow(-2) }, 400, REQUEST_VALIDATION.dueDateInPast],
      [{ dueDate: '2027-02-30' }, 400, REQUEST_VALIDATION.invalidDate],
      [{ items: [] }, 400, REQUEST_VALIDATION.noItems],
      [
        { items: [{ title: 'Answer', kind: REQUEST_ITEM_KIND.answer, tagIds: [otherDocuments] }] },
        400,
        REQUEST_VALIDATION.tagsOnAnswerItem,
      ],
      // A documents item under Tax must carry a main tag, as an upload must.
      [{ items: [{ title: 'Files', kind: REQUEST_ITEM_KIND.documents }] }, 400, 'MAIN_TAG_REQUIRED'],
    ];
    for (const [overrides, status, message] of cases) {
      const response = await call(admin, 'POST', BASE, {
        clientId,
        serviceId: tax,
        title: 'Bad',
        dueDate: daysFromNow(5),
        items: threeItems(),
        ...overrides,
      });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(status);
      expect(JSON.stringify(response.json().error.details), JSON.stringify(overrides)).toContain(message);
    }
    // Payroll is not one of this client's services.
    const notTheirs = await call(admin, 'POST', BASE, {
      clientId,
      serviceId: await serviceId('payroll'),
      title: 'Not their service',
      dueDate: daysFromNow(5),
      items: [{ title: 'A', kind: REQUEST_ITEM_KIND.answer }],
    });
    expect(notTheirs.statusCode).toBe(400);
    expect(JSON.stringify(notTheirs.json().error.details)).toContain('serviceId');
    expect(
      (
        await call(admin, 'POST', BASE, {
          clientId: 999_999,
          serviceId: tax,
          title: 'x',
          dueDate: daysFromNow(5),
          items: [{ title: 'A', kind: 2 }],
        })
      ).statusCode,
    ).toBe(404);
    const list = await call(admin, 'GET', `${BASE}?clientId=${clientId}`);
    expect(list.json().totalCount).toBe(0);
  });

  it('is the firm’s: a client user holding no request:add gets 403', async () => {
    const { clientId, owner } = await clientWithPeople();
    const response = await call(owner, 'POST', BASE, {
      clientId,
      serviceId: tax,
      title: 'Mine',
      dueDate: daysFromNow(5),
      items: [{ title: 'A', kind: REQUEST_ITEM_KIND.answer }],
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('sending one request to the Clients list’s filter', () => {
  it('makes one request per client that uses the service, skips the others, and writes nothing on bad input', async () => {
    const db = t.database.db;
    const prefix = `Bulk ${Date.now().toString(36)}`;
    const named = async (name: string) =>
      createClient(db, { name, ownerUserId: (await createUser(db, { role: 'client' })).id });
    const withTax = [await named(`${prefix} A`), await named(`${prefix} B`)];
    const withoutTax = await named(`${prefix} C`);
    for (const client of withTax) await db.insert(clientServices).values({ clientId: client.id, serviceId: tax });
    await db.insert(clientServices).values({ clientId: withoutTax.id, serviceId: bookkeeping });
    const sendTo = (name: string) => `${BASE}/send-to-clients?fullName=${encodeURIComponent(name)}`;
    const url = sendTo(prefix);
    const body = { serviceId: tax, title: 'Engagement letter', dueDate: daysFromNow(7), items: threeItems() };

    // Two days back: between midnight UTC and midnight in the firm's zone, yesterday (UTC) is its today.
    const past = await call(admin, 'POST', url, { ...body, dueDate: daysFromNow(-2) });
    expect(past.statusCode, past.body).toBe(400);
    const wrongService = await call(admin, 'POST', sendTo(`${prefix} C`), body);
    expect(wrongService.statusCode, wrongService.body).toBe(400);
    expect(wrongService.json().error.code).toBe(REQUEST_ERROR.noClientUsesService);
    for (const client of [...withTax, withoutTax]) {
      expect((await call(admin, 'GET', `${BASE}?clientId=${client.id}`)).json().totalCount).toBe(0);
    }

    const sent = await call(admin, 'POST', url, body);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ created: 2, skipped: 1 });
    for (const client of withTax) {
      const list = (await call(admin, 'GET', `${BASE}?clientId=${client.id}`)).json();
      expect(list.totalCount).toBe(1);
      expect(list.items[0]).toMatchObject({ title: 'Engagement letter', itemCount: 3, service: { id: tax } });
      expect(await auditActions(list.items[0].id)).toEqual(['request.created']);
    }
    expect((await call(admin, 'GET', `${BASE}?clientId=${withoutTax.id}`)).json().totalCount).toBe(0);
  });
});

describe('a bank-statement item', () => {
  it('leaves Quarter and Year to the upload, which needs them, and ticks the bookkeeping tracker', async () => {
    const db = t.database.db;
    const tagId = async (name: string) =>
      (await db.select({ id: tags.id }).from(tags).where(eq(tags.name, name)))[0]!.id;
    const [bankStatement, q4, year] = [await tagId('bank-statement'), await tagId('q4'), await tagId('2026')];
    const { clientId, owner } = await clientWithPeople();
    const response = await call(admin, 'POST', BASE, {
      clientId,
      serviceId: bookkeeping,
      title: 'Bank statements - November 2026',
      dueDate: daysFromNow(10),
      items: [
        { title: 'Statements of every bank account', kind: REQUEST_ITEM_KIND.documents, tagIds: [bankStatement] },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const request: RequestDetails = response.json();
    const url = itemUrl(request, 0, 'files');

    const upload = (extraTags: number[]) => {
      const { payload, headers } = multipartBody([
        ...extraTags.map((id) => ({ name: 'Tags', value: String(id) })),
        { name: 'Files', fileName: 'november.pdf', content: pdfBytes('november') },
      ]);
      return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(owner) } });
    };
    const incomplete = await upload([q4]);
    expect(incomplete.statusCode, incomplete.body).toBe(400);
    expect(incomplete.json().error.details).toContainEqual(
      expect.objectContaining({ message: 'TAG_REQUIRED_IN_GROUP' }),
    );
    const still = (await call(admin, 'GET', `${BASE}/${request.id}`)).json();
    expect(still.items[0]).toMatchObject({ status: REQUEST_ITEM_STATUS.requested, documents: [] });

    const filed = await upload([q4, year]);
    expect(filed.statusCode, filed.body).toBe(201);
    const [documentId] = filed.json().documents.map((document: { id: number }) => document.id);
    const filedTags = await db
      .select({ tagId: documentTags.tagId })
      .from(documentTags)
      .where(eq(documentTags.documentId, documentId));
    expect(filedTags.map((row) => row.tagId).sort()).toEqual([bankStatement, q4, year].sort());

    const now = new Date();
    const tracker = await call(
      admin,
      'GET',
      `/api/v1/document/bookkeeping?clientId=${clientId}&year=${now.getUTCFullYear()}&month=${now.getUTCMonth() + 1}`,
    );
    expect(tracker.statusCode, tracker.body).toBe(200);
    expect(tracker.json().items[0]).toMatchObject({ numberOfBankStatements: 1, isBankStatementsUploaded: true });
  });
});

describe('the client responds item by item and the firm reviews', () => {
  it('upload, answer, not applicable; accept two, return one; again; completed', async () => {
    const { clientId, owner } = await clientWithPeople();
    const request = await create(clientId);

    // The owner sees it; an upload to the documents item files an ordinary document with the item's tags.
    const listed = await call(owner, 'GET', BASE);
    expect(listed.json().items.map((item: { id: number }) => item.id)).toEqual([request.id]);
    const uploaded = await uploadTo(owner, itemUrl(request, 0, 'files'));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const documentId = uploaded.json().documents[0].id as number;
    const [document] = await t.database.db.select().from(documents).where(eq(documents.id, documentId));
    expect(document).toMatchObject({
      clientId,
      serviceId: tax,
      uploadedByClientSide: true,
      requestItemId: request.items[0]!.id,
    });
    const tagRows = await t.database.db.select().from(documentTags).where(eq(documentTags.documentId, documentId));
    expect(tagRows.map((row) => row.tagId)).toEqual([otherDocuments]);
    const myUploads = await call(owner, 'GET', '/api/v1/document/documents/my-upload');
    expect(myUploads.statusCode, myUploads.body).toBe(200);
    expect(JSON.stringify(myUploads.json())).toContain('statement');

    // The answer is kept encrypted and shown decrypted.
    const answered = await call(owner, 'PUT', itemUrl(request, 1, 'answer'), {
      answer: 'Yes, SSN 123-45-6789 on the deed',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().items[1]).toMatchObject({
      status: REQUEST_ITEM_STATUS.submitted,
      answer: 'Yes, SSN 123-45-6789 on the deed',
    });
    const [stored] = await t.database.db.select().from(requestItems).where(eq(requestItems.id, request.items[1]!.id));
    expect(stored!.answerEncrypted).not.toContain('123-45-6789');

    const notApplicable = await call(owner, 'PUT', itemUrl(request, 2, 'not-applicable'), { reason: 'No children' });
    expect(notApplicable.statusCode).toBe(200);
    expect(notApplicable.json().items[2]).toMatchObject({
      status: REQUEST_ITEM_STATUS.submitted,
      notApplicable: true,
      notApplicableReason: 'No children',
    });
    // A submitted item waits on the firm, not the client.
    const again = await call(owner, 'PUT', itemUrl(request, 1, 'answer'), { answer: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe(REQUEST_ERROR.itemNotAwaitingClient);

    // The firm reviews: accept two, return the upload with a note.
    expect((await call(employee, 'PUT', itemUrl(request, 1, 'accept'))).statusCode).toBe(200);
    expect((await call(employee, 'PUT', itemUrl(request, 2, 'accept'))).statusCode).toBe(200);
    const returned = await call(employee, 'PUT', itemUrl(request, 0, 'return'), { note: 'Page 2 is missing' });
    expect(returned.json()).toMatchObject({ status: REQUEST_STATUS.open, acceptedCount: 2 });
    expect(returned.json().items[0]).toMatchObject({
      status: REQUEST_ITEM_STATUS.returned,
      returnNote: 'Page 2 is missing',
    });

    // The client sees the note and uploads again; the firm accepts; the request completes.
    const seen = await call(owner, 'GET', `${BASE}/${request.id}`);
    expect(seen.json().items[0].returnNote).toBe('Page 2 is missing');
    expect((await uploadTo(owner, itemUrl(request, 0, 'files'), 'statement-all-pages.pdf')).statusCode).toBe(201);
    const done = await call(admin, 'PUT', itemUrl(request, 0, 'accept'));
    expect(done.json()).toMatchObject({ status: REQUEST_STATUS.completed, acceptedCount: 3 });
    expect(done.json().items[0].documents.map((d: { fileName: string }) => d.fileName)).toEqual([
      'statement.pdf',
      'statement-all-pages.pdf',
    ]);

    // Nothing changes on a completed request.
    const late = await call(owner, 'PUT', itemUrl(request, 1, 'not-applicable'), { reason: 'late' });
    expect(late.json().error.code).toBe(REQUEST_ERROR.notOpen);
    expect(await auditActions(request.id)).toEqual([
      'request.created',
      'request.item.uploaded',
      'request.item.answered',
      'request.item.not-applicable',
      'request.item.accepted',
      'request.item.accepted',
      'request.item.returned',
      'request.item.uploaded',
      'request.item.accepted',
      'request.completed',
    ]);
    // The answer itself never reaches the audit trail.
    const details = await t.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.objectId, String(request.id)));
    expect(JSON.stringify(details)).not.toContain('123-45-6789');
  });

  it('refuses the wrong kind of response and a review of what was not submitted', async () => {
    const { clientId, owner } = await clientWithPeople();
    const request = await create(clientId);
    const fileForAnswer = await uploadTo(owner, itemUrl(request, 1, 'files'));
    expect(fileForAnswer.statusCode).toBe(400);
    expect(fileForAnswer.json().error.code).toBe(REQUEST_ERROR.wrongKind);
    const answerForFiles = await call(owner, 'PUT', itemUrl(request, 0, 'answer'), { answer: 'Here' });
    expect(answerForFiles.json().error.code).toBe(REQUEST_ERROR.wrongKind);
    const accept = await call(admin, 'PUT', itemUrl(request, 0, 'accept'));
    expect(accept.statusCode).toBe(409);
    expect(accept.json().error.code).toBe(REQUEST_ERROR.itemNotSubmitted);
    const emptyReason = await call(owner, 'PUT', itemUrl(request, 2, 'not-applicable'), { reason: '  ' });
    expect(emptyReason.statusCode).toBe(400);
    const noNote = await call(admin, 'PUT', itemUrl(request, 2, 'return'), {});
    expect(noNote.statusCode).toBe(400);
    // An item of another request is not found, whatever the caller may see.
    const other = await create(clientId);
    const crossed = await call(owner, 'PUT', `${BASE}/${request.id}/items/${other.items[1]!.id}/answer`, {
      answer: 'x',
    });
    expect(crossed.statusCode).toBe(404);
    // Nothing of it was stored: no document, every item still requested.
    const fresh = (await call(admin, 'GET', `${BASE}/${request.id}`)).json() as RequestDetails;
    expect(fresh.items.map((item) => item.status)).toEqual([1, 1, 1]);
    expect(fresh.items[0]!.documents).toEqual([]);
  });
});

describe('who sees which request', () => {
  it('a collaborator sees the requests of the services granted to them; another client’s owner none', async () => {
    const { clientId, owner, collaborator } = await clientWithPeople();
    const taxRequest = await create(clientId);
    const bookkeepingRequest = await create(clientId, {
      serviceId: bookkeeping,
      title: 'Bank statements - March',
      items: [{ title: 'Statement', kind: REQUEST_ITEM_KIND.answer }],
    });
    const ids = async (session: SignedIn) =>
      (await call(session, 'GET', BASE))
        .json()
        .items.map((item: { id: number }) => item.id)
        .sort();
    expect(await ids(owner)).toEqual([taxRequest.id, bookkeepingRequest.id].sort());
    expect(await ids(collaborator)).toEqual([bookkeepingRequest.id]);
    expect((await call(collaborator, 'GET', `${BASE}/${taxRequest.id}`)).statusCode).toBe(404);
    const stranger = await clientWithPeople();
    expect(await ids(stranger.owner)).toEqual([]);
    expect((await call(stranger.owner, 'GET', `${BASE}/${taxRequest.id}`)).statusCode).toBe(404);
    expect((await call(stranger.owner, 'PUT', itemUrl(taxRequest, 1, 'answer'), { answer: 'x' })).statusCode).toBe(404);
  });
});

describe('the staff list', () => {
  it('filters by client, status, overdue and title, sorts by due date and shows progress', async () => {
    const { clientId } = await clientWithPeople();
    const db = t.database.db;
    const overdue = await insertRequest(db, {
      clientId,
      serviceId: tax,
      title: 'Overdue one',
      dueDate: daysFromNow(-3),
    });
    const soon = await insertRequest(db, {
      clientId,
      serviceId: tax,
      title: 'Due soon',
      dueDate: daysFromNow(2),
      items: [{ status: REQUEST_ITEM_STATUS.accepted }, { status: REQUEST_ITEM_STATUS.submitted }, {}],
    });
    const later = await create(clientId, { title: 'Due later', dueDate: daysFromNow(30) });
    const list = await call(admin, 'GET', `${BASE}?clientId=${clientId}`);
    expect(list.json().items.map((item: { title: string }) => item.title)).toEqual([
      'Overdue one',
      'Due soon',
      'Due later',
    ]);
    expect(list.json().items[0]).toMatchObject({ id: overdue.id, isOverdue: true });
    expect(list.json().items[1]).toMatchObject({
      id: soon.id,
      itemCount: 3,
      acceptedCount: 1,
      submittedCount: 1,
      isOverdue: false,
    });
    const onlyOverdue = await call(admin, 'GET', `${BASE}?clientId=${clientId}&overdue=true`);
    expect(onlyOverdue.json().items.map((item: { id: number }) => item.id)).toEqual([overdue.id]);
    expect((await call(admin, 'DELETE', `${BASE}/${later.id}`)).statusCode).toBe(204);
    const cancelled = await call(admin, 'GET', `${BASE}?clientId=${clientId}&status=${REQUEST_STATUS.cancelled}`);
    expect(cancelled.json().items.map((item: { id: number }) => item.id)).toEqual([later.id]);
    const search = await call(admin, 'GET', `${BASE}?clientId=${clientId}&search=soon&sortedBy=title&sortedDesc=true`);
    expect(search.json()).toMatchObject({ totalCount: 1, items: [{ id: soon.id }] });
    // The employee holds no request:delete.
    expect((await call(employee, 'DELETE', `${BASE}/${soon.id}`)).statusCode).toBe(403);
  });
});

describe('editing an open request', () => {
  it('keeps what the client sent on kept items, adds new ones, and will not drop an item with a response', async () => {
    const { clientId, owner } = await clientWithPeople();
    const request = await create(clientId);
    await call(owner, 'PUT', itemUrl(request, 1, 'answer'), { answer: 'No' });
    const [first, second, third] = request.items;
    const dropAnswered = await call(admin, 'PUT', `${BASE}/${request.id}`, {
      title: request.title,
      dueDate: request.dueDate,
      items: [{ id: first!.id, title: first!.title, kind: first!.kind, tagIds: [otherDocuments] }],
    });
    expect(dropAnswered.statusCode).toBe(409);
    expect(dropAnswered.json().error.code).toBe(REQUEST_ERROR.itemHasResponse);

    const edited = await call(admin, 'PUT', `${BASE}/${request.id}`, {
      title: 'Renamed',
      dueDate: daysFromNow(12),
      items: [
        { id: second!.id, title: 'Did you buy or sell a home?', kind: REQUEST_ITEM_KIND.answer },
        { title: 'Mortgage statement', kind: REQUEST_ITEM_KIND.documents, tagIds: [otherDocuments] },
        { id: first!.id, title: first!.title, kind: first!.kind, tagIds: [otherDocuments] },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const body = edited.json() as RequestDetails;
    expect(body.title).toBe('Renamed');
    expect(body.items.map((item) => [item.title, item.status])).toEqual([
      ['Did you buy or sell a home?', REQUEST_ITEM_STATUS.submitted],
      ['Mortgage statement', REQUEST_ITEM_STATUS.requested],
      ['Bank statements', REQUEST_ITEM_STATUS.requested],
    ]);
    expect(body.items[0]!.answer).toBe('No');
    expect(body.items.some((item) => item.id === third!.id)).toBe(false);

    // Cancelled: no more edits, and it says why.
    expect((await call(admin, 'DELETE', `${BASE}/${request.id}`)).statusCode).toBe(204);
    const afterCancel = await call(admin, 'PUT', `${BASE}/${request.id}`, {
      title: 'x',
      dueDate: daysFromNow(12),
      items: [{ title: 'x', kind: REQUEST_ITEM_KIND.answer }],
    });
    expect(afterCancel.statusCode).toBe(409);
    expect(afterCancel.json().error.code).toBe(REQUEST_ERROR.notOpen);
  });
});

describe('an upload that loses a race', () => {
  it('files nothing when the request is cancelled, or the item answered, while the files stream in', async () => {
    const db = t.database.db;
    const requests = createRequestsService({
      db,
      repository: createRequestsRepository({ db }),
      audit: createAuditLog({ db }),
      fieldCrypto: fieldCryptoOf(t),
      timeZone: async () => 'America/New_York',
      activeTagGroups: async () => [],
      filteredClientIds: async () => [],
      reminderCadence: async () => REMINDER_CADENCE_DEFAULTS,
      notifications: createNotificationPublisher(createJobQueue({ db })),
    });
    const context = { ipAddress: '127.0.0.1', userAgent: null, requestId: 'race' };
    const { clientId, owner } = await clientWithPeople();
    const caller = { userId: owner.userId, isClient: true, currentClientId: clientId };

    // The check before the first byte passes; then the firm cancels before the documents are filed.
    const cancelled = await create(clientId);
    const target = await requests.uploadTarget(caller, cancelled.id, cancelled.items[2]!.id);
    expect((await call(admin, 'DELETE', `${BASE}/${cancelled.id}`)).statusCode).toBe(204);
    await expect(
      db.transaction((tx) => requests.markUploaded(caller, context, target.request, cancelled.items[2]!.id, [], tx)),
    ).rejects.toMatchObject({ statusCode: 409, code: REQUEST_ERROR.notOpen });

    // The same with the client answering the item from another tab meanwhile.
    const answered = await create(clientId);
    const second = await requests.uploadTarget(caller, answered.id, answered.items[2]!.id);
    expect((await call(owner, 'PUT', itemUrl(answered, 2, 'answer'), { answer: 'None' })).statusCode).toBe(200);
    await expect(
      db.transaction((tx) => requests.markUploaded(caller, context, second.request, answered.items[2]!.id, [], tx)),
    ).rejects.toMatchObject({ statusCode: 409, code: REQUEST_ERROR.itemNotAwaitingClient });
  });
});
