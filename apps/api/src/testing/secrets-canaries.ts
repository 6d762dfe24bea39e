import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { loadConfig } from '../config/index.js';
import { loggerOptions } from '../config/logger.js';
import type { Db } from '../db/client.js';
import { buildApp } from '../app.js';
import { createTestDatabase, type TestApp } from './test-app.js';

/** A secret planted by the test, and every spelling of it that would count as a leak. */
export interface Canary {
  name: string;
  forms: string[];
}

/** A canary whose digits-only spelling counts too (123-45-6789 and 123456789 are the same SSN). */
export function numberCanary(name: string, value: string): Canary {
  const digits = value.replace(/\D/g, '');
  return { name, forms: digits === value ? [value] : [value, digits] };
}

/** A JWT leaks whole or by its signature (the part that makes it usable). */
export function jwtCanary(name: string, token: string): Canary {
  const signature = token.split('.')[2];
  if (!signature) throw new Error(`${name} is not a JWT.`);
  return { name, forms: [token, signature] };
}

export interface RecordedResponse {
  method: string;
  url: string;
  statusCode: number;
  headers: string;
  body: string;
}

export interface ObservedTestApp extends TestApp {
  /** Every log line the app wrote, as pino serialised it. */
  logLines: string[];
  /** Every response the app sent (streamed bodies are recorded as `<stream>`). */
  responses: RecordedResponse[];
}

/**
 * The test app of testing/test-app.ts, but with the production logger settings (config/logger.ts) at
 * the most verbose level, writing to memory, and every response recorded, so a test can look for
 * secrets in both.
 */
export async function createObservedTestApp(
  env: Record<string, string> = {},
  { now }: { now?: () => number } = {},
): Promise<ObservedTestApp> {
  const { database, drop } = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ledgerport-api-secrets-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: randomBytes(32).toString('hex'),
    APP_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'trace',
    ...env,
  });
  const logLines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      logLines.push(String(chunk));
      callback();
    },
  });
  const app = await buildApp({ database, config, logger: { ...loggerOptions(config), stream }, now });
  const responses: RecordedResponse[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    responses.push({
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      headers: JSON.stringify(reply.getHeaders()),
      body: typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('latin1') : '<stream>',
    });
    return payload;
  });
  await app.ready();
  return {
    app,
    database,
    config,
    logLines,
    responses,
    close: async () => {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `select <row>::text` of every table in every schema of the database: what a plain dump shows. */
export async function dumpTables(db: Db): Promise<Map<string, string>> {
  // PGlite and node-postgres both answer execute() with `{ rows }`.
  const rowsOf = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await rowsOf<{ table_schema: string; table_name: string }>(sql`
    select table_schema, table_name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
    order by 1, 2`);
  const dump = new Map<string, string>();
  for (const { table_schema: schema, table_name: table } of tables) {
    const rows = await rowsOf<{ row: string }>(
      sql`select t::text as row from ${sql.identifier(schema)}.${sql.identifier(table)} t`,
    );
    dump.set(`${schema}.${table}`, rows.map((r) => r.row).join('\n'));
  }
  return dump;
}

/** Every file under `dir`, by path relative to it, read as bytes (latin1 keeps every byte searchable). */
export function readTree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, full), readFileSync(full).toString('latin1'));
  }
  return files;
}

/** Where each canary form occurs, as `canary (form) in place`. */
export function findCanaries(canaries: Canary[], places: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [place, text] of places) {
    for (const canary of canaries) {
      for (const form of canary.forms) {
        if (text.includes(form)) found.push(`${canary.name} (${form}) in ${place}`);
      }
    }
  }
  return found;
}
