import { createHash } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDatabase, type Database } from '../src/db/client.js';
import { createJobQueue } from '../src/lib/jobs/job-queue.js';
import { createLocalStorage } from '../src/lib/storage/local-storage.js';
import { createBlobJobs, ORPHAN_MIN_AGE_MS } from '../src/modules/documents/blob-jobs.js';
import { createDocumentUploadRepository } from '../src/modules/documents/document-upload.repository.js';
import { fixedSecrets, signInOver, startApi, type ApiProcess } from './support/api-process.js';
import { startPrivatePostgres, type PrivatePostgres } from './support/private-postgres.js';
import { rowsOf } from './support/rows.js';
import { startUpload, uploadTarget } from './support/upload.js';

/** Kills at random points, plus one aimed at the moment between the blob landing and its rows committing. */
const KILLS = 20;
const FILE_BYTES = 50 * 1024 * 1024;

let postgres: PrivatePostgres;
let databaseUrl: string;
let dataDir: string;
let env: Record<string, string>;
let api: ApiProcess | undefined;
let database: Database | undefined;

beforeAll(async () => {
  postgres = await startPrivatePostgres();
  databaseUrl = await postgres.createDatabase('faults_upload');
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ledgerport-faults-upload-'));
  env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, ...fixedSecrets() };
});

afterAll(async () => {
  await api?.kill('SIGKILL');
  await database?.close();
  await postgres?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('kill -9 during 50 MB uploads', () => {
  it(`leaves no row without its blob and no blob without its row after ${KILLS} kills, a restart and the reconciler`, async () => {
    api = await startApi(env);
    const auth = await signInOver(api.baseUrl, 'b1g1_admin@gmail.com', 'Group1');
    const target = await uploadTarget(databaseUrl);

    // One complete upload first: it must survive every kill after it, and its duration spreads the
    // kill points over the whole request (headers, streaming, the commit, the answer).
    const startedAt = Date.now();
    const baseline = startUpload(api.baseUrl, auth, target, { totalBytes: FILE_BYTES });
    const first = await baseline.response;
    const uploadMs = Date.now() - startedAt;
    expect(first.status, first.body).toBe(201);
    const answered = new Map<number, string>();
    answered.set((JSON.parse(first.body) as { documents: Array<{ id: number }> }).documents[0]!.id, baseline.sha256()!);

    const outcomes: string[] = [];
    for (let kill = 0; kill < KILLS; kill++) {
      const restartAt = Date.now();
      api ??= await startApi(env);
      const restartMs = Date.now() - restartAt;
      const upload = startUpload(api.baseUrl, auth, target, { totalBytes: FILE_BYTES });
      await sleep(Math.random() * uploadMs * 1.1);
      const sentAtKill = upload.sent();
      await api.kill('SIGKILL');
      api = undefined;
      const outcome = await upload.response.catch((error: Error) => error);
      if (outcome instanceof Error) {
        outcomes.push(`${Math.round((100 * sentAtKill) / FILE_BYTES)}%: ${outcome.message} (restart ${restartMs} ms)`);
      } else {
        outcomes.push(`${Math.round((100 * sentAtKill) / FILE_BYTES)}%: ${outcome.status} (restart ${restartMs} ms)`);
        // An answer that arrived before the kill is a promise: that document must survive.
        if (outcome.status === 201) {
          const id = (JSON.parse(outcome.body) as { documents: Array<{ id: number }> }).documents[0]!.id;
          answered.set(id, upload.sha256()!);
        }
      }
    }
    console.info(`upload of 50 MB: ${uploadMs} ms; kills at (bytes sent: outcome):\n  ${outcomes.join('\n  ')}`);

    // The narrowest window, hit on purpose: the blob is complete and in place, its rows not yet
    // committed (the test holds a lock that makes the upload's insert wait), and the process dies.
    api ??= await startApi(env);
    const storage = createLocalStorage(path.join(dataDir, 'blobs'));
    const keysBefore = new Set<string>();
    for await (const blob of storage.list()) keysBefore.add(blob.key);
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table stored_files in share mode');
    const stalled = startUpload(api.baseUrl, auth, target, { totalBytes: FILE_BYTES });
    let orphanKey: string | undefined;
    for (let waited = 0; !orphanKey && waited < 60_000; waited += 100) {
      await sleep(100);
      for await (const blob of storage.list()) if (!keysBefore.has(blob.key)) orphanKey = blob.key;
    }
    expect(orphanKey, 'the upload stored its blob before its rows').toBeDefined();
    await api.kill('SIGKILL');
    api = undefined;
    await locker.query('rollback');
    await locker.end();
    await expect(stalled.response).rejects.toThrow();

    console.info(`${KILLS + 1} kills and restarts took ${Date.now() - startedAt} ms`);
    // The server starts on whatever the kills left, and is ready.
    api = await startApi(env);
    expect((await fetch(`${api.baseUrl}/readyz`)).status).toBe(200);
    expect(await api.kill('SIGTERM')).toEqual({ code: 0, signal: null });
    api = undefined;

    database = await createDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
    const db = database.db;
    const blobJobs = createBlobJobs({
      storage,
      repository: createDocumentUploadRepository({ db }),
      queue: createJobQueue({ db }),
    });
    const blobsBefore: string[] = [];
    for await (const blob of storage.list()) blobsBefore.push(blob.key);
    // The reconciler spares blobs younger than an hour (an upload may be about to commit): run it as
    // it will run an hour from now, when every blob the kills left is old enough.
    const removed = await blobJobs.reconcileOrphans(new Date(Date.now() + ORPHAN_MIN_AGE_MS + 60_000));

    const rows = await rowsOf<{ storage_key: string; size: number | string; sha256: string }>(
      db,
      sql`select storage_key, size, sha256 from stored_files order by id`,
    );
    const documentsWithoutFile = await rowsOf<{ id: number }>(
      db,
      sql`select d.id from documents d left join stored_files f on f.id = d.file_id where f.id is null`,
    );
    expect(documentsWithoutFile).toEqual([]);

    // Every row has its blob, whole: the size and SHA-256 recorded match the bytes on disk.
    const mismatches: string[] = [];
    for (const row of rows) {
      const file = path.join(dataDir, 'blobs', ...row.storage_key.split('/'));
      const info = await stat(file).catch(() => null);
      if (!info) {
        mismatches.push(`${row.storage_key}: no blob`);
        continue;
      }
      if (info.size !== Number(row.size))
        mismatches.push(`${row.storage_key}: ${info.size} bytes, row says ${row.size}`);
      else if ((await sha256Of(file)) !== row.sha256) mismatches.push(`${row.storage_key}: checksum differs`);
    }
    expect(mismatches).toEqual([]);

    // Every blob has its row; the reconciler removed exactly the blobs of uploads that never committed.
    const keys = new Set(rows.map((row) => row.storage_key));
    const blobsAfter: string[] = [];
    for await (const blob of storage.list()) blobsAfter.push(blob.key);
    expect(blobsAfter.filter((key) => !keys.has(key))).toEqual([]);
    expect(blobsAfter.sort()).toEqual([...keys].sort());
    expect(removed).toBe(blobsBefore.filter((key) => !keys.has(key)).length);
    expect(blobsBefore).toContain(orphanKey);
    expect(blobsAfter).not.toContain(orphanKey);

    // Every upload the API answered 201 is there with the content the client sent.
    const committed = await rowsOf<{ id: number; sha256: string }>(
      db,
      sql`select d.id, f.sha256 from documents d join stored_files f on f.id = d.file_id
          where d.id in ${sql.raw(`(${[...answered.keys()].join(',')})`)}`,
    );
    expect(new Map(committed.map((row) => [row.id, row.sha256]))).toEqual(answered);
    console.info(
      `${rows.length} stored files checked; ${answered.size} uploads answered 201; ` +
        `${removed} orphan blob(s) of uncommitted uploads removed by the reconciler`,
    );
  });
});
