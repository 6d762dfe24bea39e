#!/usr/bin/env node
/**
 * Reconciliation benchmark (issue 10): the transactions list of one account holding 100k transactions,
 * on PostgreSQL, answers p99 under 50 ms. Measures with autocannon the screen's default call (one month,
 * newest first, first page) and the unfiltered first page, next to a bare Fastify route doing one
 * indexed query on the same database.
 *
 * Needs the PostgreSQL server of DESIGN.md (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432)
 * and a built API (`npm run build -w @ledgerport/shared -w @ledgerport/api`).
 * Usage: node bench/transactions.mjs   (BENCH_SECONDS=15 and BENCH_CONNECTIONS=50 by default)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
const dbName = `ledgerport_bench_tx_${process.pid}`;
const databaseUrl = `${serverUrl}/${dbName}`;
const TRANSACTIONS = 100_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer(dataDir) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '20',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      COOKIE_SECURE: 'false',
      LOGIN_MAX_FAILURES_PER_IP: '1000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    const ready = await fetch(`${base}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) return { child, base };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('The server did not become ready.');
}

async function signIn(base, usernameOrEmailAddress, password) {
  const response = await fetch(`${base}/api/v1/authentication/account/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usernameOrEmailAddress, password }),
  });
  const body = await response.json();
  const token = body.accessToken ?? body.user?.jwtToken?.accessToken;
  if (!token) throw new Error(`Sign-in failed: ${JSON.stringify(body)}`);
  return token;
}

/** One bookkeeping client with one checking account and 100k transactions over ~6 years, straight in SQL. */
async function seedAccount(pool) {
  const started = Date.now();
  const { rows: client } = await pool.query(
    `update clients set "used_bookkeeping_service_at_least_once" = true
     where id = (select id from clients where client_type = 1 order by id limit 1) returning id`,
  );
  const clientId = client[0].id;
  const { rows: institution } = await pool.query(
    `insert into bank_institutions (client_id, provider, provider_item_id, name, access_token_encrypted)
     values ($1, 'sandbox', 'bench-item', 'First Platypus Bank', 'v1.bench') returning id`,
    [clientId],
  );
  const { rows: account } = await pool.query(
    `insert into bank_accounts (institution_id, client_id, provider_account_id, subtype, name, mask, current_balance_cents)
     values ($1, $2, 'bench-checking', 1, 'Business Checking', '4321', 5000000) returning id`,
    [institution[0].id, clientId],
  );
  const { rows: categories } = await pool.query('select id from transaction_categories order by id');
  await pool.query(
    `insert into bank_transactions (account_id, provider_transaction_id, date, name, category_id, amount_cents)
     select $1, 'bench-' || g, current_date - (g % 2190), 'Transaction ' || g,
            ($3::int[])[1 + g % array_length($3::int[], 1)],
            case when g % 3 = 0 then (g % 500000) else -(g % 90000) end
     from generate_series(1, $2::int) g`,
    [account[0].id, TRANSACTIONS, categories.map((c) => c.id)],
  );
  await pool.query('analyze');
  return { clientId, accountId: account[0].id, seedSeconds: Math.round((Date.now() - started) / 1000) };
}

function runCannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const figures = (result) => ({
  requestsPerSecond: Math.round(result.requests.average),
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  errors: result.errors + result.non2xx,
});

async function measure(url, headers) {
  const check = await fetch(url, { headers });
  const sample = await check.json();
  if (!check.ok) throw new Error(`${url} answered ${check.status}: ${JSON.stringify(sample)}`);
  await runCannon({ url, headers, duration: 3 }); // warm-up
  return { matching: sample.totalCount, ...figures(await runCannon({ url, headers })) };
}

async function main() {
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ledgerport-bench-'));
  const { child, base } = await startServer(dataDir);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const results = {
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    transactions: TRANSACTIONS,
    connections: CONNECTIONS,
    seconds: SECONDS,
  };
  try {
    const token = await signIn(base, 'b1g1_admin@gmail.com', 'Group1');
    const { clientId, accountId, seedSeconds } = await seedAccount(pool);
    results.seedSeconds = seedSeconds;
    const headers = { authorization: `Bearer ${token}` };
    const list = `${base}/api/v1/document/clients/${clientId}/institution-accounts/${accountId}/transactions`;
    const now = new Date();
    results.month = await measure(
      `${list}?limit=10&offset=0&year=${now.getUTCFullYear()}&month=${now.getUTCMonth() + 1}`,
      headers,
    );
    results.unfiltered = await measure(`${list}?limit=10&offset=0`, headers);
    results.nameSearch = await measure(`${list}?limit=10&offset=0&name=transaction%2012`, headers);

    const barePool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
    const bare = Fastify({ logger: false });
    bare.get('/one', async () => {
      const { rows } = await barePool.query(
        'select id, date, name from bank_transactions where account_id = $1 order by date desc nulls last, id desc nulls last limit 10',
        [accountId],
      );
      return rows;
    });
    const barePort = await freePort();
    await bare.listen({ port: barePort, host: '127.0.0.1' });
    await runCannon({ url: `http://127.0.0.1:${barePort}/one`, duration: 3 });
    results.bare = figures(await runCannon({ url: `http://127.0.0.1:${barePort}/one` }));
    await bare.close();
    await barePool.end();
  } finally {
    await pool.end();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
