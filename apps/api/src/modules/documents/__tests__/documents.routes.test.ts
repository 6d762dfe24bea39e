import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { DOCUMENT_STATUS, DOCUMENT_TYPE, DOCUMENT_VALIDATION } from '@ledgerport/shared';
import {
  auditEvents,
  clientCollaboratorServices,
  clientCollaborators,
  clientServices,
  documentComments,
  documentTags,
  documents,
  jobs,
  services,
  storedFiles,
  tags,
} from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { BlobNotFoundError, DELETE_BLOB_JOB } from '../../../lib/storage/index.js';
import { createDocument } from '../../../testing/documents-factories.js';
import { chooseCurrentClient, createClient, createUser } from '../../../testing/factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

const BASE = '/api/v1/document/documents';

let t: TestApp;
let dataDir: string;
let admin: SignedIn;
let employee: SignedIn;
let serviceId: Record<'tax' | 'bookkeeping' | 'payroll', number>;
let tagId: Record<string, number>;
let adminId: number;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
function call(session: SignedIn, method: Method, url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });
}

const db = () => t.database.db;

let clientWorlds = 0;

/** A client with its owner, services, collaborators, and the owner acting for it; signed in. */
async function clientWorld(options: { services?: Array<keyof typeof serviceId> } = {}) {
  const owner = await createUser(db(), { role: 'client', firstName: 'Olive', lastName: `Owner ${++clientWorlds}` });
  const client = await createClient(db(), { ownerUserId: owner.id });
  for (const name of options.services ?? ['tax', 'bookkeeping']) {
    await db().insert(clientServices).values({ clientId: client.id, serviceId: serviceId[name] });
  }
  await chooseCurrentClient(db(), owner.id, client.id);
  return { client, owner, session: await signIn(t.app, owner.username, owner.password) };
}

async function addCollaborator(
  clientId: number,
  granted: Array<keyof typeof serviceId>,
  options: { isActive?: boolean; currentClientId?: number } = {},
) {
  const user = await createUser(db(), { role: 'client' });
  await db()
    .insert(clientCollaborators)
    .values({ clientId, userId: user.id, isActive: options.isActive ?? true });
  for (const name of granted) {
    await db().insert(clientCollaboratorServices).values({ clientId, userId: user.id, serviceId: serviceId[name] });
  }
  await chooseCurrentClient(db(), user.id, options.currentClientId ?? clientId);
  return { user, session: await signIn(t.app, user.username, user.password) };
}

function doc(values: Parameters<typeof createDocument>[2]) {
  return createDocument(db(), t.app.storage, values);
}

const ids = (body: { items: Array<{ id: number }> }) => body.items.map((item) => item.id);

async function auditOf(action: string, objectId: number) {
  return db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.objectId, String(objectId))));
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ledgerport-documents-'));
  t = await createTestApp({ DATA_DIR: dataDir, LOGIN_MAX_FAILURES_PER_IP: '1000' });
  await seedDemoFirm(db());
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  employee = await signIn(t.app, 'b1g1_employee@gmail.com', 'Group1');
  adminId = admin.userId;
  const serviceRows = await db().select({ id: services.id, name: services.name }).from(services);
  serviceId = Object.fromEntries(serviceRows.map((s) => [s.name, s.id])) as typeof serviceId;
  const tagRows = await db().select({ id: tags.id, name: tags.name }).from(tags);
  tagId = Object.fromEntries(tagRows.map((tag) => [tag.name, tag.id]));
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('lists: who sees what', () => {
  it('shows a client their own uploads as My uploads and the firm uploads as Received, for their current client', async () => {
    const a = await clientWorld();
    const other = await clientWorld();
    const own = await doc({ clientId: a.client.id, serviceId: serviceId.tax, creatorUserId: a.owner.id });
    const fromFirm = await doc({
      clientId: a.client.id,
      serviceId: serviceId.tax,
      creatorUserId: adminId,
      uploadedByClientSide: false,
    });
    await doc({ clientId: other.client.id, serviceId: serviceId.tax, creatorUserId: other.owner.id });

    const mine = (await call(a.session, 'GET', `${BASE}/my-upload?clientId=${other.client.id}`)).json();
    expect(ids(mine)).toEqual([own.id]);
    expect(mine.totalCount).toBe(1);
    expect(mine.items[0]).toMatchObject({
      type: DOCUMENT_TYPE.myUpload,
      clientId: a.client.id,
      client: a.client.name,
      service: { displayName: 'Tax', color: '#1E88E5' },
      creatorUser: { id: a.owner.id, fullName: `${a.owner.firstName} ${a.owner.lastName}` },
      fileName: 'document.pdf',
      contentType: 'application/pdf',
      size: own.file.size,
      numberOfComments: 0,
    });
    const received = (await call(a.session, 'GET', `${BASE}/received`)).json();
    expect(ids(received)).toEqual([fromFirm.id]);
    expect(received.items[0].type).toBe(DOCUMENT_TYPE.received);
  });

  it("shows staff the firm's uploads of every client as My uploads and the clients' as Received", async () => {
    const a = await clientWorld();
    const b = await clientWorld();
    const fromClient = await doc({ clientId: a.client.id, serviceId: serviceId.tax, creatorUserId: a.owner.id });
    const onBehalf = await doc({
      clientId: b.client.id,
      serviceId: serviceId.tax,
      creatorUserId: adminId,
      uploadedOnBehalfOfClient: true,
    });
    const firm = await doc({
      clientId: b.client.id,
      serviceId: serviceId.tax,
      creatorUserId: adminId,
      uploadedByClientSide: false,
    });
    const received = (
      await call(admin, 'GET', `${BASE}/received?creatorUserId=${adminId}&clientId=${b.client.id}`)
    ).json();
    expect(ids(received)).toEqual([onBehalf.id]);
    expect(received.items[0].type).toBe(DOCUMENT_TYPE.received);
    const clientA = (await call(admin, 'GET', `${BASE}/received?clientId=${a.client.id}`)).json();
    expect(ids(clientA)).toEqual([fromClient.id]);
    const mine = (await call(employee, 'GET', `${BASE}/my-upload?clientId=${b.client.id}`)).json();
    expect(ids(mine)).toEqual([firm.id]);
    expect(mine.items[0].type).toBe(DOCUMENT_TYPE.myUpload);
  });

  it('shows a collaborator only the granted services, and nothing when deactivated or acting for another client', async () => {
    const a = await clientWorld();
    const tax = await doc({ clientId: a.client.id, serviceId: serviceId.tax, creatorUserId: a.owner.id });
    await doc({ clientId: a.client.id, serviceId: serviceId.bookkeeping, creatorUserId: a.owner.id });
    const granted = await addCollaborator(a.client.id, ['tax']);
    const withoutService = await addCollaborator(a.client.id, ['payroll']);
    const deactivated = await addCollaborator(a.client.id, ['tax', 'bookkeeping'], { isActive: false });
    const elsewhere = await clientWorld();
    const actingElsewhere = await addCollaborator(a.client.id, ['tax', 'bookkeeping'], {
      currentClientId: elsewhere.client.id,
    });
    await db().insert(clientCollaborators).values({ clientId: elsewhere.client.id, userId: actingElsewhere.user.id });

    expect(ids((await call(granted.session, 'GET', `${BASE}/my-upload`)).json())).toEqual([tax.id]);
    for (const viewer of [withoutService, deactivated, actingElsewhere]) {
      const body = (await call(viewer.session, 'GET', `${BASE}/my-upload`)).json();
      expect(body).toEqual({ items: [], totalCount: 0 });
    }
  });
});

describe('lists: filters, sorting, paging', () => {
  let world: Awaited<ReturnType<typeof clientWorld>>;
  const made: Record<string, number> = {};

  beforeAll(async () => {
    world = await clientWorld();
    const base = { clientId: world.client.id, creatorUserId: world.owner.id };
    const second = await addCollaborator(world.client.id, ['tax', 'bookkeeping']);
    const spec = [
      // name, service, tags, status, created, creator
      ['Return 2025', 'tax', ['tax-return', '2025'], DOCUMENT_STATUS.open, '2026-03-07T10:00:00Z', world.owner.id],
      ['Return 2024', 'tax', ['tax-return', '2024'], DOCUMENT_STATUS.done, '2026-03-06T23:59:59Z', world.owner.id],
      ['Statement Q1', 'bookkeeping', ['bank-statement', 'q1', '2025'], 2, '2026-03-08T00:00:00Z', second.user.id],
      ['Statement Q2', 'bookkeeping', ['bank-statement', 'q2', '2024'], 1, '2026-03-05T12:00:00Z', second.user.id],
      ['license scan', 'tax', ['license'], DOCUMENT_STATUS.open, '2026-02-01T00:00:00Z', world.owner.id],
    ] as const;
    for (const [name, service, tagNames, status, created, creator] of spec) {
      const created_ = await doc({
        ...base,
        serviceId: serviceId[service],
        displayName: name,
        tagIds: tagNames.map((n) => tagId[n]!),
        status,
        createdAt: new Date(created),
        creatorUserId: creator,
      });
      made[name] = created_.id;
    }
    made.secondUser = second.user.id;
  });

  const list = async (query: string) => {
    const response = await call(admin, 'GET', `${BASE}/received?clientId=${world.client.id}&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const named = (...names: string[]) => names.map((n) => made[n]);

  it('orders newest first by default', async () => {
    expect(ids(await list(''))).toEqual(
      named('Statement Q1', 'Return 2025', 'Return 2024', 'Statement Q2', 'license scan'),
    );
  });

  it('filters by a case-insensitive part of the name', async () => {
    expect(ids(await list('displayName=rETURN'))).toEqual(named('Return 2025', 'Return 2024'));
    expect(ids(await list('displayName=%25'))).toEqual([]);
  });

  it('filters by tags: one of the tags in each group given', async () => {
    // Same group: either.
    expect(ids(await list(`tags=${tagId['2025']}&tags=${tagId['2024']}&sortedBy=displayName`))).toEqual(
      named('Return 2024', 'Return 2025', 'Statement Q1', 'Statement Q2'),
    );
    // Two groups: both.
    expect(ids(await list(`tags=${tagId['tax-return']}&tags=${tagId['2025']}`))).toEqual(named('Return 2025'));
    expect(
      ids(await list(`tags=${tagId['bank-statement']}&tags=${tagId['q2']}&tags=${tagId['q1']}&tags=${tagId['2024']}`)),
    ).toEqual(named('Statement Q2'));
    expect(ids(await list(`tags=${tagId['license']}`))).toEqual(named('license scan'));
    expect((await list('tags=999999')).totalCount).toBe(0);
  });

  it('filters by service, status and uploader', async () => {
    expect(ids(await list(`serviceId=${serviceId.bookkeeping}`))).toEqual(named('Statement Q1', 'Statement Q2'));
    expect(ids(await list(`status=${DOCUMENT_STATUS.done}`))).toEqual(named('Return 2024'));
    expect(ids(await list(`creatorUserId=${made.secondUser}`))).toEqual(named('Statement Q1', 'Statement Q2'));
    expect((await call(admin, 'GET', `${BASE}/received?status=7`)).statusCode).toBe(400);
  });

  it('filters by upload date, whole days inclusive', async () => {
    expect(ids(await list('creationTimeFrom=3-6-2026&creationTimeTo=03-07-2026'))).toEqual(
      named('Return 2025', 'Return 2024'),
    );
    expect(ids(await list('creationTimeFrom=3-8-2026'))).toEqual(named('Statement Q1'));
    expect(ids(await list('creationTimeTo=2-28-2026'))).toEqual(named('license scan'));
    expect((await call(admin, 'GET', `${BASE}/received?creationTimeFrom=2026-03-01`)).statusCode).toBe(400);
    expect((await call(admin, 'GET', `${BASE}/received?creationTimeFrom=2-30-2026`)).statusCode).toBe(400);
  });

  it('sorts by each key and pages with the total count', async () => {
    expect(ids(await list('sortedBy=displayName'))).toEqual(
      named('license scan', 'Return 2024', 'Return 2025', 'Statement Q1', 'Statement Q2'),
    );
    expect(ids(await list('sortedBy=status&sortedDesc=true')).slice(0, 2)).toEqual(
      named('Return 2024', 'Statement Q1'),
    );
    expect(ids(await list('sortedBy=creationTime')).at(0)).toBe(made['license scan']);
    expect(ids(await list('sortedBy=service'))).toEqual(
      named('Statement Q1', 'Statement Q2', 'Return 2025', 'Return 2024', 'license scan'),
    );
    for (const key of ['client', 'creator', 'unknownKey']) {
      expect((await list(`sortedBy=${key}`)).totalCount).toBe(5);
    }
    const page = await list('limit=2&offset=2');
    expect(page.totalCount).toBe(5);
    expect(ids(page)).toEqual(named('Return 2024', 'Statement Q2'));
  });

  it('lists the tags with their groups, main group first', async () => {
    const body = await list(`displayName=Statement Q1`);
    expect(body.items[0].tags.map((tag: { displayName: string }) => tag.displayName)).toEqual([
      'bank statement',
      'Q1',
      '2025',
    ]);
    expect(body.items[0].tags[0].tagGroup).toMatchObject({ displayName: 'Document type', isMainTagGroup: true });
  });
});

describe('details', () => {
  it('answers the document with its file facts and records the view; 404 outside the scope', async () => {
    const a = await clientWorld();
    const b = await clientWorld();
    const document = await doc({
      clientId: a.client.id,
      serviceId: serviceId.tax,
      creatorUserId: adminId,
      uploadedOnBehalfOfClient: true,
      description: 'Signed copy',
    });
    const response = await call(a.session, 'GET', `${BASE}/${document.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: document.id,
      type: DOCUMENT_TYPE.myUpload,
      description: 'Signed copy',
      uploadedOnBehalfOfClient: true,
      sha256: document.file.sha256,
    });
    expect(await auditOf('document.viewed', document.id)).toHaveLength(1);
    expect((await call(b.session, 'GET', `${BASE}/${document.id}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `${BASE}/99999999`)).statusCode).toBe(404);
  });
});

describe('edit', () => {
  const input = (overrides: Record<string, unknown> = {}) => ({
    displayName: 'Renamed',
    clientId: 0,
    serviceId: serviceId.tax,
    tags: [tagId['tax-return'], tagId['2026']],
    description: 'Now with a description',
    ...overrides,
  });

  it('replaces the fields and tags, records the changed field names and answers the details', async () => {
    const a = await clientWorld();
    const document = await doc({
      clientId: a.client.id,
      serviceId: serviceId.bookkeeping,
      creatorUserId: a.owner.id,
      tagIds: [tagId['license']!],
    });
    const response = await call(
      a.session,
      'PUT',
      `${BASE}/my-upload/${document.id}`,
      input({ clientId: a.client.id, displayName: 'Document' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      displayName: 'Document',
      serviceId: serviceId.tax,
      description: 'Now with a description',
    });
    expect(body.tags.map((tag: { id: number }) => tag.id)).toEqual([tagId['tax-return'], tagId['2026']]);
    const [event] = await auditOf('document.updated', document.id);
    expect(event!.details).toEqual({ changed: ['serviceId', 'description', 'tags'] });
    const [row] = await db().select().from(documents).where(eq(documents.id, document.id));
    expect(row!.updatedAt.getTime()).toBeGreaterThan(document.updatedAt.getTime());
  });

  it('lets staff move a document to another client that has the service', async () => {
    const a = await clientWorld();
    const b = await clientWorld({ services: ['tax'] });
    const document = await doc({ clientId: a.client.id, serviceId: serviceId.tax, creatorUserId: a.owner.id });
    const response = await call(admin, 'PUT', `${BASE}/received/${document.id}`, input({ clientId: b.client.id }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ clientId: b.client.id, client: b.client.name });
    expect((await call(a.session, 'GET', `${BASE}/${document.id}`)).statusCode).toBe(404);
  });

  it('answers 404 on the wrong side, outside the scope, or when a client user moves it to another client', async () => {
    const a = await clientWorld();
    const b = await clientWorld();
    const document = await doc({ clientId: a.client.id, serviceId: serviceId.tax, creatorUserId: a.owner.id });
    const body = input({ clientId: a.client.id });
    expect((await call(a.session, 'PUT', `${BASE}/received/${document.id}`, body)).statusCode).toBe(404);
    expect((await call(admin, 'PUT', `${BASE}/my-upload/${document.id}`, body)).statusCode).toBe(404);
    expect((await call(b.session, 'PUT', `${BASE}/my-upload/${document.id}`, body)).statusCode).toBe(404);
    const moved = input({ clientId: b.client.id });
    expect((await call(a.session, 'PUT', `${BASE}/my-upload/${document.id}`, moved)).statusCode).toBe(404);
    const withoutGrant = await addCollaborator(a.client.id, ['tax']);
    const bookkeeping = input({
      clientId: a.client.id,
      serviceId: serviceId.bookkeeping,
      tags: [tagId['license']],
    });
    expect((await call(withoutGrant.session, 'PUT', `${BASE}/my-upload/${document.id}`, bookkeeping)).statusCode).toBe(
      404,
    );
    const [row] = await db().select().from(documents).where(eq(documents.id, document.id));
    expect(row!.displayName).toBe('Document');
  });

  it('refuses a service the client does not have, an inactive one, and tags that break the rule', async () => {
    const a = await clientWorld({ services: ['tax'] });
    const document = await doc({ clientId: a.client.id, serviceId: serviceId.tax, creatorUserId: a.owner.id });
    const url = `${BASE}/my-upload/${document.id}`;
    const payroll = await call(
      a.session,
      'PUT',
      url,
      input({ clientId: a.client.id, serviceId: serviceId.payroll, tags: [tagId['payroll-report']] }),
    );
    expect(payroll.statusCode).toBe(400);
    expect(payroll.json().error.details[0]).toMatchObject({ field: 'serviceId' });

    const noYear = await call(a.session, 'PUT', url, input({ clientId: a.client.id, tags: [tagId['tax-return']] }));
    expect(noYear.statusCode).toBe(400);
    expect(noYear.json().error.details).toEqual([
      expect.objectContaining({ field: 'tags', code: DOCUMENT_VALIDATION.tagRequiredInGroup }),
    ]);
    const wrongService = await call(
      a.session,
      'PUT',
      url,
      input({ clientId: a.client.id, tags: [tagId['bank-statement']] }),
    );
    expect(wrongService.statusCode).toBe(400);
    const noMain = await call(a.session, 'PUT', url, input({ clientId: a.client.id, tags: [] }));
    expect(noMain.json().error.details[0].code).toBe(DOCUMENT_VALIDATION.mainTagRequired);

    await db().update(services).set({ isActive: false }).where(eq(services.id, serviceId.tax));
    try {
      expect((await call(a.session, 'PUT', url, input({ clientId: a.client.id }))).statusCode).toBe(400);
    } finally {
      await db().update(services).set({ isActive: true }).where(eq(services.id, serviceId.tax));
    }
  });

  it('keeps a tag the document already carries after it was deactivated', async () => {
    const a = await clientWorld();
    const document = await doc({
      clientId: a.client.id,
      serviceId: serviceId.tax,
      creatorUserId: a.owner.id,
      tagIds: [tagId['other-documents']!],
    });
    await db().update(tags).set({ isActive: false }).where(eq(tags.id, tagId['other-documents']!));
    try {
      const url = `${BASE}/my-upload/${document.id}`;
      const body = input({ clientId: a.client.id, tags: [tagId['other-documents']] });
      expect((await call(a.session, 'PUT', url, body)).statusCode).toBe(200);
      const other = await doc({ clientId: a.client.id, serviceId: serviceId.tax, creatorUserId: a.owner.id });
      expect((await call(a.session, 'PUT', `${BASE}/my-upload/${other.id}`, body)).statusCode).toBe(400);
    } finally {
      await db().update(tags).set({ isActive: true }).where(eq(tags.id, tagId['other-documents']!));
    }
  });
});

describe('delete', () => {
  it('deletes the documents with their files in one go and queues the blobs for removal', async () => {
    const a = await clientWorld();
    const first = await doc({ clientId: a.client.id, serviceId: serviceId.tax, creatorUserId: a.owner.id });
    const second = await doc({
      clientId: a.client.id,
      serviceId: serviceId.tax,
      creatorUserId: a.owner.id,
      tagIds: [tagId['license']!],
    });
    await call(a.session, 'POST', `${BASE}/${second.id}/comments`, { commentText: 'gone soon' });
    const response = await call(a.session, 'DELETE', `${BASE}/my-upload?ids=${first.id}&ids=${second.id}`);
    expect(response.statusCode, response.body).toBe(204);

    const documentIds = [first.id, second.id];
    expect(await db().select().from(documents).where(inArray(documents.id, documentIds))).toEqual([]);
    expect(await db().select().from(documentTags).where(inArray(documentTags.documentId, documentIds))).toEqual([]);
    expect(await db().select().from(documentComments).where(inArray(documentComments.documentId, documentIds))).toEqual(
      [],
    );
    expect(
      await db()
        .select()
        .from(storedFiles)
        .where(inArray(storedFiles.id, [first.file.id, second.file.id])),
    ).toEqual([]);
    const queued = await db().select().from(jobs).where(eq(jobs.type, DELETE_BLOB_JOB));
    expect(queued.map((job) => job.payload)).toEqual(
      expect.arrayContaining([{ storageKey: first.file.storageKey }, { storageKey: second.file.storageKey }]),
    );
    for (const document of [first, second]) {
      expect(await auditOf('document.deleted', document.id)).toHaveLength(1);
    }

    // The blobs stay until the deletion has committed; the worker then removes them.
    (await t.app.storage.get(first.file.storageKey)).destroy();
    await t.app.worker.drain();
    for (const document of [first, second]) {
      await expect(t.app.storage.get(document.file.storageKey)).rejects.toBeInstanceOf(BlobNotFoundError);
    }
  });

  it('deletes nothing when one id is out of reach (404)', async () => {
    const a = await clientWorld();
    const b = await clientWorld();
    const mine = await doc({ clientId: a.client.id, serviceId: serviceId.tax, creatorUserId: a.owner.id });
    const foreign = await doc({ clientId: b.client.id, serviceId: serviceId.tax, creatorUserId: b.owner.id });
    const fromFirm = await doc({
      clientId: a.client.id,
      serviceId: serviceId.tax,
      creatorUserId: adminId,
      uploadedByClientSide: false,
    });
    const deactivated = await addCollaborator(a.client.id, ['tax'], { isActive: false });
    const cases: Array<[SignedIn, string]> = [
      [a.session, `${BASE}/my-upload?ids=${mine.id}&ids=${foreign.id}`],
      [a.session, `${BASE}/my-upload?ids=${mine.id}&ids=${fromFirm.id}`],
      [deactivated.session, `${BASE}/my-upload?ids=${mine.id}`],
      [admin, `${BASE}/received?ids=${mine.id}&ids=${fromFirm.id}`],
      [admin, `${BASE}/received?ids=${mine.id}&ids=99999999`],
    ];
    for (const [session, url] of cases) expect((await call(session, 'DELETE', url)).statusCode).toBe(404);
    const left = await db()
      .select({ id: documents.id })
      .from(documents)
      .where(inArray(documents.id, [mine.id, foreign.id, fromFirm.id]));
    expect(left).toHaveLength(3);
    expect((await call(admin, 'DELETE', `${BASE}/received?ids=${mine.id}&ids=${mine.id}`)).statusCode).toBe(400);
  });
});

describe('status', () => {
  it('sets the status of received documents, adds the comment to each and records from/to', async () => {
    const a = await clientWorld();
    const first = await doc({ clientId: a.client.id, serviceId: serviceId.tax, creatorUserId: a.owner.id });
    const second = await doc({
      clientId: a.client.id,
      serviceId: serviceId.tax,
      creatorUserId: a.owner.id,
      status: DOCUMENT_STATUS.inProgress,
    });
    const response = await call(admin, 'PATCH', `${BASE}/received/status`, {
      documentIds: [first.id, second.id],
      status: DOCUMENT_STATUS.done,
      commentText: '  Filed with the IRS ',
    });
    expect(response.statusCode, response.body).toBe(204);
    const rows = await db()
      .select()
      .from(documents)
      .where(inArray(documents.id, [first.id, second.id]));
    expect(rows.map((row) => [row.status, row.numberOfComments])).toEqual([
      [DOCUMENT_STATUS.done, 1],
      [DOCUMENT_STATUS.done, 1],
    ]);
    const comments = (await call(admin, 'GET', `${BASE}/${second.id}/comments`)).json();
    expect(comments.map((c: { commentText: string }) => c.commentText)).toEqual(['Filed with the IRS']);
    const [event] = await auditOf('document.status-changed', second.id);
    expect(event!.details).toMatchObject({ from: DOCUMENT_STATUS.inProgress, to: DOCUMENT_STATUS.done });
  });

  it('changes nothing when one document is out of reach or on the other side (404)', async () => {
    const a = await clientWorld();
    const received = await doc({ clientId: a.client.id, serviceId: serviceId.tax, creatorUserId: a.owner.id });
    const firm = await doc({
      clientId: a.client.id,
      serviceId: serviceId.tax,
      creatorUserId: adminId,
      uploadedByClientSide: false,
    });
    for (const documentIds of [
      [received.id, firm.id],
      [received.id, 99999999],
    ]) {
      const response = await call(admin, 'PATCH', `${BASE}/received/status`, {
        documentIds,
        status: DOCUMENT_STATUS.done,
        commentText: 'no',
      });
      expect(response.statusCode).toBe(404);
    }
    const [row] = await db().select().from(documents).where(eq(documents.id, received.id));
    expect([row!.status, row!.numberOfComments]).toEqual([DOCUMENT_STATUS.open, 0]);
  });
});

describe('comments', () => {
  it('adds comments, keeps the count, lists them oldest first and records them', async () => {
    const a = await clientWorld();
    const document = await doc({ clientId: a.client.id, serviceId: serviceId.tax, creatorUserId: a.owner.id });
    const first = await call(a.session, 'POST', `${BASE}/${document.id}/comments`, {
      documentId: document.id,
      commentText: ' First ',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      commentText: 'First',
      creatorUser: { id: a.owner.id, firstName: a.owner.firstName, lastName: a.owner.lastName },
    });
    await call(admin, 'POST', `${BASE}/${document.id}/comments`, { commentText: 'Second' });
    const list = (await call(a.session, 'GET', `${BASE}/${document.id}/comments`)).json();
    expect(list.map((c: { commentText: string }) => c.commentText)).toEqual(['First', 'Second']);
    const item = (await call(a.session, 'GET', `${BASE}/my-upload`)).json().items[0];
    expect(item.numberOfComments).toBe(2);
    expect(await auditOf('document.commented', document.id)).toHaveLength(2);
  });

  it('refuses a mismatched documentId, blank text, and documents out of reach', async () => {
    const a = await clientWorld();
    const b = await clientWorld();
    const document = await doc({ clientId: a.client.id, serviceId: serviceId.tax, creatorUserId: a.owner.id });
    const url = `${BASE}/${document.id}/comments`;
    expect((await call(a.session, 'POST', url, { documentId: document.id + 1, commentText: 'x' })).statusCode).toBe(
      400,
    );
    expect((await call(a.session, 'POST', url, { commentText: '   ' })).statusCode).toBe(400);
    expect((await call(b.session, 'POST', url, { commentText: 'x' })).statusCode).toBe(404);
    expect((await call(b.session, 'GET', url)).statusCode).toBe(404);
    const [row] = await db().select().from(documents).where(eq(documents.id, document.id));
    expect(row!.numberOfComments).toBe(0);
  });
});

describe('lookups', () => {
  it('counts both lists in the scope', async () => {
    const a = await clientWorld();
    for (const uploadedByClientSide of [true, true, false]) {
      await doc({ clientId: a.client.id, serviceId: serviceId.tax, creatorUserId: a.owner.id, uploadedByClientSide });
    }
    expect((await call(a.session, 'GET', `${BASE}/counts`)).json()).toEqual({ myUploads: 2, received: 1 });
    const collaborator = await addCollaborator(a.client.id, ['bookkeeping']);
    expect((await call(collaborator.session, 'GET', `${BASE}/counts`)).json()).toEqual({ myUploads: 0, received: 0 });
    const staff = (await call(admin, 'GET', `${BASE}/counts`)).json();
    const [clientSide] = await db()
      .select({ n: count() })
      .from(documents)
      .where(eq(documents.uploadedByClientSide, true));
    const [firmSide] = await db()
      .select({ n: count() })
      .from(documents)
      .where(eq(documents.uploadedByClientSide, false));
    expect(staff).toEqual({ myUploads: firmSide!.n, received: clientSide!.n });
  });

  it("gives an employee their department's lowest-id active service as the default filter, others none", async () => {
    expect((await call(employee, 'GET', `${BASE}/default-filters`)).json()).toEqual({ serviceId: serviceId.tax });
    expect((await call(admin, 'GET', `${BASE}/default-filters`)).json()).toEqual({ serviceId: null });
    await db().update(services).set({ isActive: false }).where(eq(services.id, serviceId.tax));
    try {
      expect((await call(employee, 'GET', `${BASE}/default-filters`)).json()).toEqual({ serviceId: null });
    } finally {
      await db().update(services).set({ isActive: true }).where(eq(services.id, serviceId.tax));
    }
  });

  it('offers as uploaders only people whose documents the caller may see, by name or e-mail, named with both', async () => {
    const a = await clientWorld();
    const b = await clientWorld();
    const uploader = await createUser(db(), { role: 'client', firstName: 'Zelda', lastName: 'Uploader' });
    await doc({ clientId: a.client.id, serviceId: serviceId.tax, creatorUserId: uploader.id });
    await doc({ clientId: b.client.id, serviceId: serviceId.tax, creatorUserId: b.owner.id });
    const forA = (await call(a.session, 'GET', `${BASE}/uploaders`)).json();
    const label = `Zelda Uploader (${uploader.emailAddress})`;
    expect(forA).toEqual([{ value: String(uploader.id), displayText: label }]);
    expect((await call(b.session, 'GET', `${BASE}/uploaders?text=zelda`)).json()).toEqual([]);
    expect((await call(admin, 'GET', `${BASE}/uploaders?text=da upl`)).json()).toEqual([
      { value: String(uploader.id), displayText: label },
    ]);
    const byEmail = (
      await call(admin, 'GET', `${BASE}/uploaders?text=${encodeURIComponent(uploader.emailAddress.slice(0, 9))}`)
    ).json();
    expect(byEmail).toEqual([{ value: String(uploader.id), displayText: label }]);
  });

  it('lists every tag group in display order with its active tags and their links', async () => {
    await db().update(tags).set({ isActive: false }).where(eq(tags.id, tagId['q4']!));
    try {
      const body = (await call(employee, 'GET', `${BASE}/tag-groups`)).json();
      expect(body.map((g: { displayName: string }) => g.displayName)).toEqual(['Document type', 'Quarter', 'Year']);
      expect(body[1].tags.map((tag: { displayName: string }) => tag.displayName)).toEqual(['Q1', 'Q2', 'Q3']);
      const statement = body[0].tags.find((tag: { id: number }) => tag.id === tagId['bank-statement']);
      expect(statement).toEqual({
        id: tagId['bank-statement'],
        displayName: 'bank statement',
        tagGroupId: body[0].id,
        servicesItDepends: [serviceId.bookkeeping],
        tagGroupsItActivates: [body[1].id, body[2].id],
      });
    } finally {
      await db().update(tags).set({ isActive: true }).where(eq(tags.id, tagId['q4']!));
    }
  });
});
