import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadConfig, type AppConfig } from '../config/index.js';
import { createDatabase, type Database } from '../db/client.js';
import { buildApp, type App } from '../app.js';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Names the migrated template after the migrations' content, so a new or changed migration makes a new one. */
function templateName(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(path.join(migrationsFolder, file)));
  }
  return `ledgerport_template_${hash.digest('hex').slice(0, 16)}`;
}

/** The installed PGlite's version: a dump is read back by the version that wrote it. */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let folder = path.dirname(entry);
  while (!existsSync(path.join(folder, 'package.json'))) folder = path.dirname(folder);
  return (JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * A new in-memory PGlite runs initdb and then every migration (together 2 to 4 s on the shared
 * 2-core machine, more under load); one loaded from a dump of a migrated one skips both (about
 * 0.6 s). The dump is kept in the system's temporary folder under the migrations' and PGlite's
 * names, so every test file of this run and later runs share it; the first file to miss it writes
 * it, publishing it by a rename so nobody reads half a dump (two files racing both write one).
 */
async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `${templateName()}_pglite_${pgliteVersion()}.tar`);
  const stored = readIfThere(file);
  if (stored) return new Blob([stored]);
  const database = await createDatabase({ kind: 'pglite' });
  try {
    await database.migrate();
    // drizzle keeps the client it was given; PGlite dumps its whole data directory as a tar.
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
    const building = `${file}.${randomBytes(4).toString('hex')}`;
    writeFileSync(building, dump);
    renameSync(building, file);
    // Dumps of earlier migrations or another PGlite are dead weight (about 45 MB each).
    for (const name of readdirSync(os.tmpdir())) {
      if (!/^ledgerport_template_\w+_pglite_[\w.-]+\.tar$/.test(name)) continue;
      if (path.join(os.tmpdir(), name) !== file) rmSync(path.join(os.tmpdir(), name), { force: true });
    }
    return new Blob([dump]);
  } finally {
    await database.close();
  }
}

/** The file's bytes, or undefined when it is not there (yet, or no longer: a run of other migrations removed it). */
function readIfThere(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Arbitrary, fixed: the advisory-lock key under which one test process builds the template. */
const TEMPLATE_LOCK_KEY = '7810759523990401136';

/**
 * Migrating takes about 1.5 s per database on the server; copying a migrated template takes a
 * fraction of that. The first file to need the template builds it under an advisory lock (other files
 * and other test runs wait), publishing it by a rename so nobody copies a half-migrated one.
 */
async function ensureTemplate(serverUrl: string): Promise<string> {
  const name = templateName();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const existing = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (existing.rowCount === 0) {
      const building = `${name}_building_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const database = await createDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
      // Templates of earlier migrations are dead weight; a building one belongs to a crashed run.
      const stale = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1 and datname <> $2',
        ['ledgerport\\_template\\_%', name],
      );
      for (const row of stale.rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => undefined);
    await admin.end();
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by TEST_DATABASE_URL (CI runs the suite both ways).
 */
export async function createTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await createDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplate() });
    return { database, drop: () => database.close() };
  }
  const template = await ensureTemplate(serverUrl);
  const name = `ledgerport_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  return {
    database,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: App;
  database: Database;
  config: AppConfig;
  close: () => Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { database, drop } = await createTestDatabase();
  // Blobs land in a directory of this test file's own, removed with the app.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ledgerport-api-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: randomBytes(32).toString('hex'),
    APP_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp({ database, config, logger: false, checkSerialization: true });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
