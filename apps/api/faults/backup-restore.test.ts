import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFieldCrypto } from '../src/lib/field-crypto.js';
import type { BackupManifest } from '../src/ops/backup-manifest.js';
import { signInOver, startApi, type ApiProcess } from './support/api-process.js';
import { startPrivatePostgres, type PrivatePostgres } from './support/private-postgres.js';

/*
 * `npm run backup` and `npm run restore` as an operator runs them (the real scripts, on the built
 * API), against a data directory the real server seeded with the demo firm and its documents.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ADMIN = ['b1g1_admin@gmail.com', 'Group1'] as const;
const CLIENT = ['b1g1_client@gmail.com', 'Group1'] as const;
const TIN = '12-3456789';
const SSN = '123-45-6789';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'ledgerport-backup-test-'));
const dir = (name: string) => path.join(scratch, name);
const running: ApiProcess[] = [];

interface ScriptResult {
  code: number;
  stdout: string;
  stderr: string;
}

function runScript(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<ScriptResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT, 'scripts', `${script}.mjs`), ...args],
      { cwd: scratch, env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

async function start(env: Record<string, string>): Promise<ApiProcess> {
  const api = await startApi(env);
  running.push(api);
  return api;
}

async function stop(api: ApiProcess) {
  await api.kill('SIGTERM');
  running.splice(running.indexOf(api), 1);
}

/** The first received document the admin sees, with its bytes as the API serves them. */
async function firstDocument(baseUrl: string) {
  const auth = await signInOver(baseUrl, ...ADMIN);
  const list = await fetch(`${baseUrl}/api/v1/document/documents/received`, { headers: auth });
  expect(list.status).toBe(200);
  const { items } = (await list.json()) as { items: Array<{ id: number; displayName: string }> };
  expect(items.length).toBeGreaterThan(0);
  return { id: items[0]!.id, bytes: await download(baseUrl, items[0]!.id) };
}

async function download(baseUrl: string, id: number): Promise<Buffer> {
  const auth = await signInOver(baseUrl, ...ADMIN);
  const response = await fetch(`${baseUrl}/api/v1/document/documents/${id}/download`, { headers: auth });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** The client's masked identifiers: decrypting them needs the field-encryption key of the source. */
async function maskedIdentifiers(baseUrl: string): Promise<string[]> {
  const auth = await signInOver(baseUrl, ...CLIENT);
  const response = await fetch(`${baseUrl}/api/v1/document/users/me/clients/owner`, { headers: auth });
  expect(response.status, await response.clone().text()).toBe(200);
  const owned = (await response.json()) as Array<{
    maskedSocialSecurityNumber: string | null;
    maskedTaxpayerIdentificationNumber: string | null;
  }>;
  return owned.map((c) => String(c.maskedSocialSecurityNumber ?? c.maskedTaxpayerIdentificationNumber));
}

/** Gives every client an encrypted SSN and TIN, with the key the server generated in DATA_DIR. */
function encryptedIdentifiers(dataDir: string): [string, string] {
  const key = readFileSync(path.join(dataDir, 'secrets', 'encryption-key'), 'utf8').trim();
  const crypto = createFieldCrypto(Buffer.from(key, 'base64url'));
  return [crypto.encrypt(SSN), crypto.encrypt(TIN)];
}
const SET_IDENTIFIERS = 'update clients set ssn_encrypted = $1, tin_encrypted = $2';

/** Every file of the backup is listed in its manifest, and matches its size and SHA-256. */
function expectBackupMatchesManifest(backup: string): BackupManifest {
  const manifestText = readFileSync(path.join(backup, 'manifest.json'));
  expect(readFileSync(path.join(backup, 'manifest.json.sha256'), 'utf8')).toBe(
    `${sha256(manifestText)}  manifest.json\n`,
  );
  const manifest = JSON.parse(manifestText.toString('utf8')) as BackupManifest;
  expect(filesUnder(backup).sort()).toEqual(
    [...manifest.files.map((f) => f.path), 'manifest.json', 'manifest.json.sha256'].sort(),
  );
  for (const file of manifest.files) {
    const bytes = readFileSync(path.join(backup, file.path));
    expect({ path: file.path, size: bytes.length, sha256: sha256(bytes) }).toEqual(file);
  }
  return manifest;
}

/** The restored files are byte for byte the manifest's, and the source's. */
function expectRestoredFiles(manifest: BackupManifest, sourceDir: string, restoredDir: string) {
  const blobs = manifest.files.filter((f) => f.path.startsWith('blobs/'));
  const sourceBlobs = filesUnder(path.join(sourceDir, 'blobs')).filter((f) => !f.startsWith('.incoming/'));
  expect(blobs.map((f) => f.path.slice('blobs/'.length)).sort()).toEqual(sourceBlobs.sort());
  expect(blobs.length).toBe(manifest.storage.blobs);
  expect(blobs.length).toBeGreaterThan(0);
  for (const file of [...blobs, ...manifest.files.filter((f) => f.path.startsWith('secrets/'))]) {
    const bytes = readFileSync(path.join(restoredDir, file.path));
    expect({ path: file.path, sha256: sha256(bytes) }).toEqual({ path: file.path, sha256: file.sha256 });
  }
  expect(manifest.secrets.included).toEqual(expect.arrayContaining(['encryption-key', 'jwt-secret']));
}

/** One byte of one document file flipped: the restore must refuse and write nothing. */
async function expectCorruptCopyRefused(backup: string, manifest: BackupManifest, env: Record<string, string>) {
  const corrupt = dir(`${path.basename(backup)}-corrupt`);
  cpSync(backup, corrupt, { recursive: true });
  const victim = manifest.files.find((f) => f.path.startsWith('blobs/'))!;
  const bytes = readFileSync(path.join(corrupt, victim.path));
  bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
  writeFileSync(path.join(corrupt, victim.path), bytes);

  const result = await runScript('restore', [corrupt], env);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(`${victim.path} does not match its SHA-256`);
  return result;
}

afterAll(async () => {
  await Promise.all(running.map((api) => api.kill('SIGKILL')));
  rmSync(scratch, { recursive: true, force: true });
});

describe('backup and restore of the embedded database (PGlite in DATA_DIR)', () => {
  it('backs up a seeded data directory, refuses a damaged copy, and restores one that serves the same data', async () => {
    const source = dir('source');
    let api = await start({ DATA_DIR: source });
    const document = await firstDocument(api.baseUrl);

    // A backup of a live PGlite would be torn: refused while the server holds the directory.
    const whileRunning = await runScript('backup', ['--out', dir('live-backup')], { DATA_DIR: source });
    expect(whileRunning.code).toBe(1);
    expect(whileRunning.stderr).toMatch(/server is running on .*Stop it/);
    expect(existsSync(dir('live-backup'))).toBe(false);
    await stop(api);

    const db = new PGlite(path.join(source, 'pgdata'), { extensions: { pg_trgm } });
    await db.query(SET_IDENTIFIERS, encryptedIdentifiers(source));
    await db.close();

    const backup = dir('backup');
    const made = await runScript('backup', ['--out', backup], { DATA_DIR: source });
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const manifest = expectBackupMatchesManifest(backup);
    expect(manifest.database).toMatchObject({ kind: 'pglite', file: 'database/pgdata.tar.gz' });

    const corruptTarget = dir('corrupt-target');
    await expectCorruptCopyRefused(backup, manifest, { DATA_DIR: corruptTarget });
    expect(existsSync(corruptTarget)).toBe(false);

    const overSource = await runScript('restore', [backup], { DATA_DIR: source });
    expect(overSource.code).toBe(1);
    expect(overSource.stderr).toMatch(/Refusing to restore over existing data: the data directory .* is not empty/);

    const restored = dir('restored');
    const result = await runScript('restore', [backup], { DATA_DIR: restored });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expectRestoredFiles(manifest, source, restored);

    api = await start({ DATA_DIR: restored });
    expect(api.output()).not.toContain('demo firm seeded');
    expect(await download(api.baseUrl, document.id)).toEqual(document.bytes);
    expect(await maskedIdentifiers(api.baseUrl)).toEqual([
      expect.stringMatching(/6789$/),
      expect.stringMatching(/6789$/),
    ]);
    await stop(api);
  });
});

describe('backup and restore with a PostgreSQL server (DATABASE_URL)', () => {
  let postgres: PrivatePostgres;
  beforeAll(async () => {
    postgres = await startPrivatePostgres();
  });
  afterAll(async () => {
    await postgres?.destroy();
  });

  it('dumps with pg_dump while the server runs and restores into an empty database', async () => {
    const sourceUrl = await postgres.createDatabase('backup_source');
    const targetUrl = await postgres.createDatabase('backup_target');
    const source = dir('pg-source');
    let api = await start({ DATABASE_URL: sourceUrl, DATA_DIR: source });
    const document = await firstDocument(api.baseUrl);
    const client = new pg.Client({ connectionString: sourceUrl });
    await client.connect();
    await client.query(SET_IDENTIFIERS, encryptedIdentifiers(source));
    await client.end();

    // pg_dump reads one snapshot, so the server may keep running.
    const backup = dir('pg-backup');
    const made = await runScript('backup', ['--out', backup], { DATABASE_URL: sourceUrl, DATA_DIR: source });
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    await stop(api);
    const manifest = expectBackupMatchesManifest(backup);
    expect(manifest.database).toMatchObject({ kind: 'postgres', file: 'database/dump.sql' });

    const restored = dir('pg-restored');
    await expectCorruptCopyRefused(backup, manifest, { DATABASE_URL: targetUrl, DATA_DIR: restored });
    expect(existsSync(restored)).toBe(false);

    const intoEmbedded = await runScript('restore', [backup], { DATA_DIR: dir('pg-into-embedded') });
    expect(intoEmbedded.code).toBe(1);
    expect(intoEmbedded.stderr).toContain('set DATABASE_URL');

    const result = await runScript('restore', [backup], { DATABASE_URL: targetUrl, DATA_DIR: restored });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expectRestoredFiles(manifest, source, restored);

    const again = await runScript('restore', [backup], { DATABASE_URL: targetUrl, DATA_DIR: restored });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/the database at DATABASE_URL already has \d+ tables/);

    api = await start({ DATABASE_URL: targetUrl, DATA_DIR: restored });
    expect(api.output()).not.toContain('demo firm seeded');
    expect(await download(api.baseUrl, document.id)).toEqual(document.bytes);
    expect(await maskedIdentifiers(api.baseUrl)).toEqual([
      expect.stringMatching(/6789$/),
      expect.stringMatching(/6789$/),
    ]);
    await stop(api);
  });
});
