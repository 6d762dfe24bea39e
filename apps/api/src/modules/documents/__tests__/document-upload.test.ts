import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_LIMITS } from '@ledgerport/shared';
import {
  auditEvents,
  clientCollaboratorServices,
  clientServices,
  documentTags,
  documents,
  jobs,
  services,
  storedFiles,
  tags,
} from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createJobQueue } from '../../../lib/jobs/job-queue.js';
import { DELETE_BLOB_JOB, newStorageKey } from '../../../lib/storage/index.js';
import { createDocument, pdfBytes } from '../../../testing/documents-factories.js';
import { chooseCurrentClient, createClient, createUser } from '../../../testing/factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { RECONCILE_ORPHANS_JOB } from '../blob-jobs.js';
import { sanitiseFileName } from '../../../lib/file-intake/index.js';
import { multipartBody, otherDocumentsTagId, streamedMultipart, type FormPart } from './multipart.js';

const URL = '/api/v1/document/documents/my-upload';
const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');
/** The start of a Windows executable: what an .exe renamed .pdf really is. */
const exeBytes = () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), randomBytes(512)]);
const pngBytes = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

let t: TestApp;
let dataDir: string;
let admin: SignedIn;
let owner: SignedIn;
let collaborator: SignedIn;
let clientA: number;
let clientB: number;
let tax: number;
let payroll: number;
let otherTag: number;

const file = (fileName: string, content: Buffer): FormPart => ({ name: 'Files', fileName, content });
const fields = (values: Record<string, string | number | boolean | undefined>): FormPart[] =>
  Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ({ name, value: value! }));

async function upload(session: SignedIn | undefined, parts: FormPart[]) {
  const { payload, headers } = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: URL,
    payload,
    headers: { ...headers, ...(session ? bearer(session) : {}) },
  });
}

/** Fields of a valid staff upload into clientA's Tax service. */
const staffFields = (extra: Record<string, string | number | boolean> = {}) =>
  fields({ ClientId: clientA, ServiceId: tax, Tags: otherTag, ...extra });

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const blob of t.app.storage.list()) keys.push(blob.key);
  return keys;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ledgerport-upload-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  const db = t.database.db;
  await seedDemoFirm(db);
  const ownerUser = await createUser(db, { role: 'client' });
  const collaboratorUser = await createUser(db, { role: 'client' });
  const ownerBUser = await createUser(db, { role: 'client' });
  clientA = (await createClient(db, { ownerUserId: ownerUser.id, collaboratorUserIds: [collaboratorUser.id] })).id;
  clientB = (await createClient(db, { ownerUserId: ownerBUser.id })).id;
  const serviceId = async (name: string) =>
    (await db.select({ id: services.id }).from(services).where(eq(services.name, name)))[0]!.id;
  tax = await serviceId('tax');
  payroll = await serviceId('payroll');
  await db.insert(clientServices).values([
    { clientId: clientA, serviceId: tax },
    { clientId: clientA, serviceId: payroll },
    { clientId: clientB, serviceId: tax },
  ]);
  await db
    .insert(clientCollaboratorServices)
    .values({ clientId: clientA, userId: collaboratorUser.id, serviceId: tax });
  for (const user of [ownerUser, collaboratorUser]) await chooseCurrentClient(db, user.id, clientA);
  otherTag = await otherDocumentsTagId(db);
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  owner = await signIn(t.app, ownerUser.username, ownerUser.password);
  collaborator = await signIn(t.app, collaboratorUser.username, collaboratorUser.password);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('POST document/documents/my-upload', () => {
  it('stores two files of one request as two documents with their size, hash and audit events', async () => {
    const first = pdfBytes('first');
    const second = await pngBytes();
    const response = await upload(admin, [
      ...staffFields({ Description: 'Year end' }),
      file('Return 2025.pdf', first),
      file('scan.png', second),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.rejected).toEqual([]);
    expect(body.documents.map((d: { fileName: string; displayName: string }) => [d.fileName, d.displayName])).toEqual([
      ['Return 2025.pdf', 'Return 2025'],
      ['scan.png', 'scan'],
    ]);

    const db = t.database.db;
    const ids = body.documents.map((d: { id: number }) => d.id);
    const rows = await db
      .select({ document: documents, file: storedFiles })
      .from(documents)
      .innerJoin(storedFiles, eq(storedFiles.id, documents.fileId))
      .where(inArray(documents.id, ids))
      .orderBy(documents.id);
    for (const [row, content, contentType] of [
      [rows[0]!, first, 'application/pdf'],
      [rows[1]!, second, 'image/png'],
    ] as const) {
      expect(row.file).toMatchObject({ size: content.length, sha256: sha256(content), contentType });
      expect(row.document).toMatchObject({
        clientId: clientA,
        serviceId: tax,
        status: 1,
        description: 'Year end',
        uploadedByClientSide: false,
        creatorUserId: admin.userId,
      });
      expect(await buffer(await t.app.storage.get(row.file.storageKey))).toEqual(content);
    }
    const tagRows = await db.select().from(documentTags).where(inArray(documentTags.documentId, ids));
    expect(tagRows.map((r) => r.tagId)).toEqual([otherTag, otherTag]);
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'document.uploaded'), inArray(auditEvents.objectId, ids.map(String))));
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ actorUserId: admin.userId, clientId: clientA, objectType: 'document' });
  });

  it('files a client user’s upload into their current client as the client’s side, named as asked', async () => {
    const response = await upload(owner, [
      ...fields({ serviceid: tax, tags: otherTag, displayname: 'Passport' }),
      file('IMG_0001.JPG', Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), randomBytes(200)])),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const [doc] = await t.database.db.select().from(documents).where(eq(documents.id, response.json().documents[0].id));
    expect(doc).toMatchObject({ clientId: clientA, uploadedByClientSide: true, displayName: 'Passport' });
  });

  it('counts a staff upload on behalf of the client as the client’s side', async () => {
    const response = await upload(admin, [
      ...staffFields({ UploadedOnBehalfOfClient: true }),
      file('a.pdf', pdfBytes()),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const [doc] = await t.database.db.select().from(documents).where(eq(documents.id, response.json().documents[0].id));
    expect(doc).toMatchObject({ uploadedByClientSide: true, uploadedOnBehalfOfClient: true });
  });

  const hugeUpload = (after: Array<{ name: string; fileName: string; content: Buffer }> = []) => {
    const { payload, headers } = streamedMultipart(
      [
        { name: 'ClientId', value: clientA },
        { name: 'ServiceId', value: tax },
        { name: 'Tags', value: otherTag },
      ],
      { name: 'Files', fileName: 'huge.pdf', head: pdfBytes(), totalBytes: DOCUMENT_LIMITS.maxFileBytes + 1 },
      after,
    );
    return t.app.inject({ method: 'POST', url: URL, payload, headers: { ...headers, ...bearer(admin) } });
  };

  it('refuses a file over 100 MB with 413 and keeps nothing of it', async () => {
    const before = await storedKeys();
    const response = await hugeUpload();
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().error.code).toBe('FILE_TOO_LARGE');
    expect(response.json().error.details).toEqual([expect.objectContaining({ fileName: 'huge.pdf' })]);
    expect(await storedKeys()).toEqual(before);
  }, 60_000);

  it('still stores the files after one that is too large', async () => {
    const response = await hugeUpload([{ name: 'Files', fileName: 'small.pdf', content: pdfBytes() }]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      documents: [expect.objectContaining({ fileName: 'small.pdf' })],
      rejected: [expect.objectContaining({ fileName: 'huge.pdf', code: 'FILE_TOO_LARGE' })],
    });
  }, 60_000);

  it('refuses an executable named .pdf, a PDF named .png and an unknown binary with 415', async () => {
    for (const [name, content] of [
      ['invoice.pdf', exeBytes()],
      ['photo.png', pdfBytes()],
      ['data.bin', randomBytes(2048)],
      ['notes.txt', Buffer.from('text\0with a NUL')],
    ] as const) {
      const response = await upload(admin, [...staffFields(), file(name, content)]);
      expect(response.statusCode, name).toBe(415);
      expect(response.json().error).toMatchObject({
        code: 'UNSUPPORTED_FILE_TYPE',
        details: [expect.objectContaining({ fileName: name, code: 'UNSUPPORTED_FILE_TYPE' })],
      });
    }
  });

  it('accepts text and CSV, which have no magic number, as UTF-8', async () => {
    const response = await upload(admin, [
      ...staffFields(),
      file('notes.txt', Buffer.from('Grüße aus Köln\n')),
      file('ledger.csv', Buffer.from('date,amount\n2026-01-01,12.50\n')),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const files = await t.database.db
      .select({ contentType: storedFiles.contentType })
      .from(documents)
      .innerJoin(storedFiles, eq(storedFiles.id, documents.fileId))
      .where(
        inArray(
          documents.id,
          response.json().documents.map((d: { id: number }) => d.id),
        ),
      )
      .orderBy(documents.id);
    expect(files.map((f) => f.contentType)).toEqual(['text/plain', 'text/csv']);
  });

  it('refuses an empty file', async () => {
    const response = await upload(admin, [...staffFields(), file('empty.pdf', Buffer.alloc(0))]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('EMPTY_FILE');
  });

  it('keeps only the base name of a file name with folders or control characters', async () => {
    const response = await upload(admin, [
      ...staffFields(),
      file('../../etc/passwd.pdf', pdfBytes()),
      file('..\\..\\win\\boot\u0007.pdf', pdfBytes()),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().documents.map((d: { fileName: string }) => d.fileName)).toEqual(['passwd.pdf', 'boot.pdf']);
    expect(sanitiseFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitiseFileName('..')).toBe('file');
  });

  it('stores the accepted files and lists the refused one', async () => {
    const response = await upload(admin, [...staffFields(), file('good.pdf', pdfBytes()), file('bad.pdf', exeBytes())]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      documents: [expect.objectContaining({ fileName: 'good.pdf' })],
      rejected: [{ fileName: 'bad.pdf', code: 'UNSUPPORTED_FILE_TYPE', message: expect.any(String) }],
    });
  });

  it('refuses more than 20 files with 413 and stores none of them', async () => {
    const before = await storedKeys();
    const countDocuments = async () =>
      (await t.database.db.select({ count: sql<number>`count(*)::int` }).from(documents))[0]!.count;
    const documentsBefore = await countDocuments();
    const files = Array.from({ length: DOCUMENT_LIMITS.maxFilesPerUpload + 1 }, (_, i) =>
      file(`f${i}.pdf`, pdfBytes(`f${i}`)),
    );
    const response = await upload(admin, [...staffFields(), ...files]);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().error.code).toBe('TOO_MANY_FILES');
    expect(await storedKeys()).toEqual(before);
    expect(await countDocuments()).toBe(documentsBefore);
  });

  describe('checks every field before storing a byte', () => {
    const cases: Array<[string, () => [SignedIn, FormPart[]], number, string?]> = [
      [
        'a client user naming another client',
        () => [owner, fields({ ClientId: clientB, ServiceId: tax, Tags: otherTag })],
        404,
      ],
      [
        'a collaborator on a service not granted',
        () => [collaborator, fields({ ServiceId: payroll, Tags: otherTag })],
        404,
      ],
      [
        'a client user ticking on behalf of the client',
        () => [owner, fields({ ServiceId: tax, Tags: otherTag, UploadedOnBehalfOfClient: true })],
        400,
      ],
      ['staff without a client', () => [admin, fields({ ServiceId: tax, Tags: otherTag })], 400],
      [
        'a client that does not exist',
        () => [admin, fields({ ClientId: 999_999, ServiceId: tax, Tags: otherTag })],
        404,
      ],
      [
        'a service the client does not take',
        () => [admin, fields({ ClientId: clientB, ServiceId: payroll, Tags: otherTag })],
        400,
      ],
      ['no main-group tag', () => [admin, fields({ ClientId: clientA, ServiceId: tax })], 400, 'MAIN_TAG_REQUIRED'],
      ['no serviceId', () => [admin, fields({ ClientId: clientA, Tags: otherTag })], 400],
    ];
    for (const [name, build, status, detailCode] of cases) {
      it(`answers ${status} for ${name}`, async () => {
        const before = await storedKeys();
        const [session, parts] = build();
        const response = await upload(session, [...parts, file('a.pdf', pdfBytes())]);
        expect(response.statusCode, response.body).toBe(status);
        if (detailCode)
          expect(response.json().error.details).toContainEqual(expect.objectContaining({ code: detailCode }));
        expect(await storedKeys()).toEqual(before);
      });
    }

    it('answers 400 for a main tag without the tag of the group it activates', async () => {
      const [taxReturn] = await t.database.db.select({ id: tags.id }).from(tags).where(eq(tags.name, 'tax-return'));
      const response = await upload(admin, [
        ...fields({ ClientId: clientA, ServiceId: tax, Tags: taxReturn!.id }),
        file('a.pdf', pdfBytes()),
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details).toContainEqual(
        expect.objectContaining({ field: 'tags', code: 'TAG_REQUIRED_IN_GROUP' }),
      );
    });

    it('answers 400 for a display name with two files, keeping no blob', async () => {
      const before = await storedKeys();
      const response = await upload(admin, [
        ...staffFields({ DisplayName: 'One name' }),
        file('a.pdf', pdfBytes()),
        file('b.pdf', pdfBytes()),
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('DISPLAY_NAME_NEEDS_ONE_FILE');
      expect(await storedKeys()).toEqual(before);
    });

    it('answers 400 for a file sent before the fields', async () => {
      const response = await upload(admin, [file('a.pdf', pdfBytes()), ...staffFields()]);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Send every field before the first file.');
    });

    it('answers 400 when no file is sent', async () => {
      const response = await upload(admin, staffFields());
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details).toEqual([expect.objectContaining({ field: 'files' })]);
    });
  });

  it('removes the stored blobs when the rows cannot be written', async () => {
    const db = t.database.db;
    const before = await storedKeys();
    await db.execute(sql`create function refuse_documents() returns trigger language plpgsql as
      $$ begin raise exception 'documents refused for the test'; end $$`);
    await db.execute(sql`create trigger refuse_documents before insert on documents
      for each row execute function refuse_documents()`);
    try {
      const response = await upload(admin, [...staffFields(), file('a.pdf', pdfBytes()), file('b.pdf', pdfBytes())]);
      expect(response.statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger refuse_documents on documents`);
      await db.execute(sql`drop function refuse_documents()`);
    }
    expect(await storedKeys()).toEqual(before);
  });

  it('removes the stored blobs when the client goes away mid-upload', async () => {
    const before = await storedKeys();
    const { payload, headers } = multipartBody([
      ...staffFields(),
      file('a.pdf', pdfBytes()),
      file('b.pdf', pdfBytes()),
    ]);
    // The body ends in the middle of the second file: what the server sees of a dropped connection.
    const cut = payload.subarray(0, payload.lastIndexOf(Buffer.from('%%EOF')));
    const response = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: cut,
      headers: { ...headers, ...bearer(admin) },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(await storedKeys()).toEqual(before);
  });

  it('answers 401 without sign-in', async () => {
    expect((await upload(undefined, [...staffFields(), file('a.pdf', pdfBytes())])).statusCode).toBe(401);
  });
});

describe('blob jobs', () => {
  const queue = () => createJobQueue({ db: t.database.db });
  const plant = async () => {
    const key = newStorageKey();
    await t.app.storage.put(key, Readable.from([pdfBytes()]));
    return key;
  };
  const age = async (key: string, hours: number) => {
    const when = new Date(Date.now() - hours * 60 * 60 * 1000);
    await utimes(path.join(dataDir, 'blobs', ...key.split('/')), when, when);
  };

  it('storage.delete-blob removes the blob, and running twice is fine', async () => {
    const key = await plant();
    await queue().enqueue(DELETE_BLOB_JOB, { storageKey: key });
    await queue().enqueue(DELETE_BLOB_JOB, { storageKey: key });
    await t.app.worker.drain();
    expect(await storedKeys()).not.toContain(key);
    const failed = await t.database.db.select().from(jobs).where(eq(jobs.status, 'failed'));
    expect(failed).toEqual([]);
  });

  it('the reconciler removes an old orphan, not a fresh one nor one a document refers to, and runs again later', async () => {
    const oldOrphan = await plant();
    const freshOrphan = await plant();
    const referenced = await createDocument(t.database.db, t.app.storage, {
      clientId: clientA,
      serviceId: tax,
      creatorUserId: admin.userId,
    });
    await age(oldOrphan, 2);
    await age(referenced.file.storageKey, 2);

    await queue().enqueue(RECONCILE_ORPHANS_JOB, {});
    await t.app.worker.drain();

    const keys = await storedKeys();
    expect(keys).not.toContain(oldOrphan);
    expect(keys).toContain(freshOrphan);
    expect(keys).toContain(referenced.file.storageKey);
    const next = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, RECONCILE_ORPHANS_JOB), eq(jobs.status, 'pending')));
    expect(next).toHaveLength(1);
    expect(next[0]!.runAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('the reconciler removes temporary files of killed uploads older than an hour, not a fresh one', async () => {
    const incoming = path.join(dataDir, 'blobs', '.incoming');
    await mkdir(incoming, { recursive: true });
    const killed = path.join(incoming, randomUUID());
    const streaming = path.join(incoming, randomUUID());
    // What a process killed mid-upload leaves: part of the file, never renamed to its key.
    await writeFile(killed, pdfBytes().subarray(0, 100));
    await writeFile(streaming, pdfBytes().subarray(0, 100));
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(killed, twoHoursAgo, twoHoursAgo);
    const storedBefore = (await storedKeys()).sort();

    await queue().enqueue(RECONCILE_ORPHANS_JOB, {});
    await t.app.worker.drain();

    const left = await readdir(incoming);
    expect(left).not.toContain(path.basename(killed));
    expect(left).toContain(path.basename(streaming));
    expect((await storedKeys()).sort()).toEqual(storedBefore);
    await rm(streaming);
  });
});
