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
  /** Whether every committed migration has been applied. */
  isMigrated(): Promise<boolean>;
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

export type DatabaseOptions =
  { kind: 'pglite'; dataDir?: string } | { kind: 'postgres'; url: string; poolSize?: number };

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'pglite') {
    // No dataDir means an in-memory database (tests). pg_trgm backs the "contains" searches' indexes.
    const pgliteOptions = { extensions: { pg_trgm } };
    const client = options.dataDir ? new PGlite(options.dataDir, pgliteOptions) : new PGlite(pgliteOptions);
    await client.waitReady;
    const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(db as never, { migrationsFolder }),
      isMigrated: async () => (await appliedMigrations(db).catch(() => -1)) >= migrationCount(),
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
    isMigrated: async () => (await appliedMigrations(db).catch(() => -1)) >= migrationCount(),
    close: () => pool.end(),
  };
}
