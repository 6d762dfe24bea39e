import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/** The embedded database lives here, as in server.ts. */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pgdata');

export const hasPgliteDatabase = (dataDir: string) => existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION'));

/** Same extensions as db/client.ts: a data directory must be opened with the ones it was created with. */
export async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  const client = new PGlite(pgliteDir(dataDir), { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  await client.waitReady;
  return client;
}

export interface DatabaseFacts {
  migrations: number;
  engineVersion: string;
}

const FACTS_SQL = {
  migrations: 'select count(*)::int as count from drizzle.__drizzle_migrations',
  version: 'select version() as version',
};

export async function pgliteFacts(client: PGlite): Promise<DatabaseFacts> {
  const migrations = await client.query<{ count: number }>(FACTS_SQL.migrations);
  const version = await client.query<{ version: string }>(FACTS_SQL.version);
  return {
    migrations: migrations.rows[0]?.count ?? 0,
    engineVersion: (version.rows[0]?.version ?? 'unknown').split(' on ')[0] ?? 'unknown',
  };
}

export async function withPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function postgresFacts(url: string): Promise<DatabaseFacts> {
  return withPostgres(url, async (client) => {
    const migrations = await client.query<{ count: number }>(FACTS_SQL.migrations);
    const version = await client.query<{ server_version: string }>('show server_version');
    return {
      migrations: migrations.rows[0]?.count ?? 0,
      engineVersion: `PostgreSQL ${version.rows[0]?.server_version ?? 'unknown'}`,
    };
  });
}

/**
 * Runs pg_dump or psql (PG_DUMP / PSQL name other binaries). The password goes through PGPASSWORD,
 * not the command line, where any user of the machine could read it in the process list.
 */
export function runPgTool(tool: 'pg_dump' | 'psql', args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const binary = (tool === 'pg_dump' ? process.env.PG_DUMP : process.env.PSQL) ?? tool;
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((resolve, reject) => {
    const child = spawn(binary, [...args, `--dbname=${url.toString()}`], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', (error) => reject(new Error(`Could not run ${binary}: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${binary} failed (exit ${String(code)}):\n${stderr.trim()}`));
    });
  });
}
