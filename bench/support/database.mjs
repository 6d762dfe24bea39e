/**
 * Where the benchmarks' data lives, shared by bench/seed-large.mjs and bench/run.mjs: a PostgreSQL
 * database named by DATABASE_URL (created when missing), or PGlite under DATA_DIR/pgdata when DATA_DIR
 * is given without DATABASE_URL (the same place the server opens it).
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The password of every user bench/seed-large.mjs generates. */
export const BENCH_PASSWORD = 'Bench1';
/**
 * The field-encryption key (APP_ENCRYPTION_KEY, base64url of 32 bytes) the harness gives the API and the
 * generator encrypts with: messages, subjects and answers must decrypt, or the inbox and the search fail.
 * Fixed and public on purpose (a benchmark's data holds no secret), so a firm seeded once reads in every run.
 */
export const BENCH_ENCRYPTION_KEY = createHash('sha256').update('ledgerport bench field key').digest('base64url');
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/ledgerport_bench_large';

/** The built API's modules (`npm run build -w @ledgerport/shared -w @ledgerport/api` first). */
export function importApi(relative) {
  return import(pathToFileURL(path.join(root, 'apps/api/dist', relative)).href);
}

/** `{ kind: 'postgres', url, name }` or `{ kind: 'pglite', dataDir }` from the environment. */
export function resolveTarget(env = process.env) {
  if (!env.DATABASE_URL && env.DATA_DIR) return { kind: 'pglite', dataDir: path.resolve(env.DATA_DIR) };
  const url = env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Use a plain lower-case database name, not "${name}".`);
  return { kind: 'postgres', url, name };
}

export function describeTarget(target) {
  return target.kind === 'postgres' ? `PostgreSQL database ${target.name}` : `PGlite in ${target.dataDir}/pgdata`;
}

/** The maintenance connection of the same server (the `postgres` database). */
function serverAdminUrl(url) {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  return admin.href;
}

export async function ensurePostgresDatabase(target, { recreate = false } = {}) {
  const admin = new pg.Client({ connectionString: serverAdminUrl(target.url) });
  await admin.connect();
  try {
    if (recreate) await admin.query(`drop database if exists ${target.name} with (force)`);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [target.name]);
    if (!rowCount) await admin.query(`create database ${target.name}`);
    return !rowCount;
  } finally {
    await admin.end();
  }
}

/**
 * Opens the database through the built API's createDatabase (so PGlite gets its extensions) and returns
 * a plain `query(text)` that runs one statement and resolves to its rows.
 */
export async function openDatabase(target, { poolSize = 1 } = {}) {
  const { createDatabase } = await importApi('db/client.js');
  const { sql } = await import('drizzle-orm');
  if (target.kind === 'pglite') mkdirSync(target.dataDir, { recursive: true });
  const database =
    target.kind === 'postgres'
      ? await createDatabase({ kind: 'postgres', url: target.url, poolSize })
      : await createDatabase({ kind: 'pglite', dataDir: path.join(target.dataDir, 'pgdata') });
  const query = async (text) => (await database.db.execute(sql.raw(text))).rows;
  return { database, query };
}
