#!/usr/bin/env node
/**
 * The two references every scenario of bench/run.mjs is paired with (DESIGN.md section 10): a bare
 * Fastify route doing nothing, and one doing a single indexed query (a document by primary key) on the
 * same database through a pool of the API's size. Started as its own process, as the API is, so neither
 * shares an event loop with autocannon.
 *
 * Env: REFERENCE_PORT, REFERENCE_POOL_SIZE, and REFERENCE_DATABASE_URL (PostgreSQL) or
 * REFERENCE_PGLITE_DIR (PGlite's data directory; the API must not have it open).
 */
import Fastify from 'fastify';

async function openQuery() {
  if (process.env.REFERENCE_DATABASE_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({
      connectionString: process.env.REFERENCE_DATABASE_URL,
      max: Number(process.env.REFERENCE_POOL_SIZE ?? 20),
    });
    return { query: (text, params) => pool.query(text, params), close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = new PGlite(process.env.REFERENCE_PGLITE_DIR, { extensions: { pg_trgm } });
  await client.waitReady;
  return { query: (text, params) => client.query(text, params), close: () => client.close() };
}

const database = await openQuery();
const { rows } = await database.query('select coalesce(max(id), 1) as max from documents');
const maxId = Number(rows[0].max);
let next = 0;

const app = Fastify({ logger: false });
app.get('/nothing', async () => ({}));
app.get('/one', async () => {
  next = (next % maxId) + 1;
  const result = await database.query('select id, display_name from documents where id = $1', [next]);
  return result.rows[0] ?? null;
});
await app.listen({ port: Number(process.env.REFERENCE_PORT), host: '127.0.0.1' });

process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
