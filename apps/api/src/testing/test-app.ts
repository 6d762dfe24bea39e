import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';
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
    const database = await createDatabase({ kind: 'pglite' });
    await database.migrate();
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
  const app = await buildApp({ database, config, logger: false });
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
