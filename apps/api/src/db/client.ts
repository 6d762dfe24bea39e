import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { listenOnPglite, listenOnServer, type ListenHandlers, type Listening } from './listen.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one database type every repository takes: the same for PGlite and a PostgreSQL server. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either (a transaction is a PgDatabase). */
export type DbOrTx = Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding the start-up lock, so that processes starting together against one
   * PostgreSQL server migrate and seed one after the other (docs/deployment.md). PGlite has one process.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /** Whether every committed migration has been applied. */
  isMigrated(): Promise<boolean>;
  /** LISTEN on a channel for notifications from any process (db/listen.ts); PGlite hears its own. */
  listen(channel: string, handlers: ListenHandlers): Promise<Listening>;
  close(): Promise<void>;
}

// Same relative place from src/db and dist/db.
const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

function migrationCount(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

async function appliedMigrations(db: Db): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`)) as {
    rows: Array<{ count: number }>;
  };
  return Number(result.rows[0]?.count ?? 0);
}

/** How long a query waits for a pooled connection before failing with "timeout exceeded when trying to connect". */
const CONNECTION_TIMEOUT_MS = 5_000;

/** Arbitrary, fixed: the advisory-lock key of "migrating and seeding" ('ledgerpo' as bytes). */
const STARTUP_LOCK_KEY = '7810759523990401135';

export type DatabaseOptions =
  | {
      kind: 'pglite';
      dataDir?: string;
      /** A data directory dumped by PGlite's dumpDataDir() to start from (test files copy a migrated one). */
      loadDataDir?: Blob;
    }
  | { kind: 'postgres'; url: string; poolSize?: number };

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'pglite') {
    // No dataDir means an in-memory database (tests). pg_trgm backs the "contains" searches' indexes.
    const pgliteOptions = { extensions: { pg_trgm }, loadDataDir: options.loadDataDir };
    const client = options.dataDir ? new PGlite(options.dataDir, pgliteOptions) : new PGlite(pgliteOptions);
    await client.waitReady;
    const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(db as never, { migrationsFolder }),
      withStartupLock: (work) => work(),
      isMigrated: async () => (await appliedMigrations(db).catch(() => -1)) >= migrationCount(),
      listen: (channel, handlers) => listenOnPglite(client, channel, handlers),
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    // While the server is down or overloaded a request fails fast (503, Retry-After) instead of
    // queueing for a connection forever; the error handler maps this timeout like a refusal.
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    // Notices a server that vanished without closing the socket (a dead host, a cut network).
    keepAlive: true,
  });
  // An idle client losing its connection (the server restarted or stopped) must not crash the
  // process: the pool drops it and the next query opens a new one.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db as never, { migrationsFolder }),
    withStartupLock: async (work) => {
      // A session-level advisory lock on a connection of its own; the work itself uses the pool.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    isMigrated: async () => (await appliedMigrations(db).catch(() => -1)) >= migrationCount(),
    listen: (channel, handlers) => listenOnServer(options.url, channel, handlers),
    close: () => pool.end(),
  };
}
