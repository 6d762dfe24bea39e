#!/usr/bin/env node
/**
 * Documents benchmarks of DESIGN.md section 10 (figures go into docs/performance.md):
 *   1. a 1 GB upload (ten 100 MB files in one request): the server's RSS growth and throughput, next to
 *      the disk's own write speed measured with dd in the same run;
 *   2. a 100-document zip: time to the first byte;
 *   3. the received list with filters over 1M documents on PostgreSQL at 200 connections: p99 latency
 *      and throughput, next to a bare Fastify route doing one indexed query on the same database.
 *
 * Needs the PostgreSQL server of DESIGN.md (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432)
 * and a built API (`npm run build -w @ledgerport/shared -w @ledgerport/api`; `npm run bench` does both).
 * Usage: node bench/documents.mjs [upload] [zip] [list]   (all three by default)
 */
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
const dbName = `ledgerport_bench_${process.pid}`;
const databaseUrl = `${serverUrl}/${dbName}`;
const which = new Set(process.argv.slice(2).length ? process.argv.slice(2) : ['upload', 'zip', 'list']);
const LARGE_FIRM = { clients: 50_000, documents: 1_000_000 };
const MB = 1024 * 1024;

function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function rssBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
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
  const token = body.user?.jwtToken?.accessToken;
  if (!token) throw new Error(`Sign-in failed: ${JSON.stringify(body)}`);
  return token;
}

/**
 * dd writing 1 GiB into the same directory: with `sync` it waits for the data to reach the disk (as
 * dd's usual figure does); without, it is the page-cache speed an upload (which does not fsync) meets.
 */
function ddWriteSpeed(dir, sync) {
  const file = path.join(dir, 'dd-probe');
  const started = process.hrtime.bigint();
  const args = ['if=/dev/zero', `of=${file}`, 'bs=1M', 'count=1024', ...(sync ? ['conv=fdatasync'] : [])];
  execFileSync('dd', args, { stdio: 'ignore' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  rmSync(file, { force: true });
  return 1024 / seconds;
}

/** One multipart request with `files` parts of `fileBytes` each, generated on the fly (never held whole). */
function streamUpload(base, token, fields, files, fileBytes, onProgress) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const chunk = randomBytes(MB);
  const pdfHead = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}/api/v1/document/documents/my-upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (d) => (body += d));
      response.on('end', () => resolve({ status: response.statusCode, body }));
    });
    request.on('error', reject);
    const write = (data) => (request.write(data) ? Promise.resolve() : new Promise((r) => request.once('drain', r)));
    (async () => {
      for (const [name, value] of fields) {
        await write(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
      }
      for (let f = 0; f < files; f++) {
        await write(
          `--${boundary}\r\nContent-Disposition: form-data; name="Files"; filename="bench-${f}.pdf"\r\n` +
            'Content-Type: application/pdf\r\n\r\n',
        );
        await write(pdfHead);
        let sent = pdfHead.length;
        while (sent < fileBytes) {
          const part = chunk.subarray(0, Math.min(chunk.length, fileBytes - sent));
          await write(part);
          sent += part.length;
          onProgress(part.length);
        }
        await write('\r\n');
      }
      request.end(`--${boundary}--\r\n`);
    })().catch(reject);
  });
}

async function benchUpload({ base, child, dataDir, token, target }) {
  const dd = ddWriteSpeed(dataDir, false);
  const ddSynced = ddWriteSpeed(dataDir, true);
  const files = 10;
  const fileBytes = 100 * MB - 4096;
  const before = rssBytes(child.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(child.pid))), 50);
  const started = process.hrtime.bigint();
  const result = await streamUpload(base, token, target.fields, files, fileBytes, () => undefined);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  if (result.status !== 201) throw new Error(`Upload answered ${result.status}: ${result.body.slice(0, 300)}`);
  const megabytes = (files * fileBytes) / MB;
  return {
    uploadedMB: Math.round(megabytes),
    seconds: +seconds.toFixed(2),
    throughputMBps: +(megabytes / seconds).toFixed(1),
    ddWriteMBps: +dd.toFixed(1),
    ddSyncedWriteMBps: +ddSynced.toFixed(1),
    ratioToDisk: +(megabytes / seconds / dd).toFixed(2),
    rssBeforeMB: +(before / MB).toFixed(1),
    rssPeakMB: +(peak / MB).toFixed(1),
    rssGrowthMB: +((peak - before) / MB).toFixed(1),
  };
}

async function benchZip({ base, token, target }) {
  // 100 documents of 1 MB each, uploaded in five requests of 20 (the per-request limit).
  const ids = [];
  for (let i = 0; i < 5; i++) {
    const result = await streamUpload(base, token, target.fields, 20, MB, () => undefined);
    if (result.status !== 201) throw new Error(`Upload answered ${result.status}: ${result.body.slice(0, 300)}`);
    ids.push(...JSON.parse(result.body).documents.map((d) => d.id));
  }
  const query = ids.map((id) => `ids=${id}`).join('&');
  const firstBytes = [];
  for (let run = 0; run < 5; run++) {
    const started = process.hrtime.bigint();
    const timing = await new Promise((resolve, reject) => {
      http
        .get(
          `${base}/api/v1/document/documents/download?${query}`,
          { headers: { authorization: `Bearer ${token}` } },
          (res) => {
            let first;
            let total = 0;
            res.on('data', (d) => {
              first ??= Number(process.hrtime.bigint() - started) / 1e6;
              total += d.length;
            });
            res.on('end', () =>
              resolve({ status: res.statusCode, first, total, ms: Number(process.hrtime.bigint() - started) / 1e6 }),
            );
          },
        )
        .on('error', reject);
    });
    if (timing.status !== 200) throw new Error(`Zip answered ${timing.status}`);
    firstBytes.push(timing);
  }
  const sorted = firstBytes.map((t) => t.first).sort((a, b) => a - b);
  return {
    documents: ids.length,
    zipMB: +(firstBytes[0].total / MB).toFixed(1),
    firstByteMsMedian: +sorted[2].toFixed(1),
    firstByteMsWorst: +sorted[4].toFixed(1),
    wholeZipMsMedian: +firstBytes
      .map((t) => t.ms)
      .sort((a, b) => a - b)[2]
      .toFixed(1),
  };
}

/** 50k clients and 1M documents straight in SQL (the API would take hours to upload them). */
async function seedLargeFirm(pool) {
  const { rows: owner } = await pool.query(`select id from users where username = 'b1g1_client'`);
  const { rows: svc } = await pool.query('select id from services order by id');
  const { rows: file } = await pool.query(
    `insert into stored_files (storage_key, file_name, content_type, size, sha256)
     values ('documents/bench/shared', 'bench.pdf', 'application/pdf', 1024, repeat('0', 64)) returning id`,
  );
  const { rows: tagRows } = await pool.query(
    `select t.id, g.is_main_tag_group as "isMainTagGroup" from tags t join tag_groups g on g.id = t.tag_group_id order by t.id`,
  );
  const mainTags = tagRows.filter((t) => t.isMainTagGroup).map((t) => t.id);
  const otherTags = tagRows.filter((t) => !t.isMainTagGroup).map((t) => t.id);
  const started = Date.now();
  await pool.query(
    `insert into clients (client_type, name, owner_user_id)
     select 1, 'Bench client ' || g, $1 from generate_series(1, $2) g`,
    [owner[0].id, LARGE_FIRM.clients],
  );
  const { rows: range } = await pool.query(
    `select min(id) lo, max(id) hi from clients where name like 'Bench client %'`,
  );
  const serviceIds = svc.map((s) => s.id);
  await pool.query(
    `insert into documents (display_name, client_id, service_id, status, uploaded_by_client_side, creator_user_id, file_id, created_at)
     select 'Document ' || g,
            $1::int + (g % $3::int),
            ($4::int[])[1 + g % array_length($4::int[], 1)],
            1 + g % 3,
            g % 2 = 0,
            $5::int,
            $6::int,
            now() - (g % 1000) * interval '1 day' - (g % 86400) * interval '1 second'
     from generate_series(1, $2::int) g`,
    [range[0].lo, LARGE_FIRM.documents, LARGE_FIRM.clients, serviceIds, owner[0].id, file[0].id],
  );
  await pool.query(
    `insert into document_tags (document_id, tag_id)
     select id, ($1::int[])[1 + id % array_length($1::int[], 1)] from documents where file_id = $3
     union all
     select id, ($2::int[])[1 + id % array_length($2::int[], 1)] from documents where file_id = $3`,
    [mainTags, otherTags, file[0].id],
  );
  await pool.query('analyze');
  return { seconds: Math.round((Date.now() - started) / 1000), serviceIds, mainTags };
}

function runCannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 200, duration: 15, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function benchList({ base, token, pool }) {
  const seeded = await seedLargeFirm(pool);
  // Bare baseline: Fastify plus one indexed query on the same database and pool size.
  const barePool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  const bare = Fastify({ logger: false });
  let n = 0;
  bare.get('/one', async () => {
    n = (n % LARGE_FIRM.documents) + 1;
    const { rows } = await barePool.query('select id, display_name from documents where id = $1', [n]);
    return rows[0] ?? null;
  });
  const barePort = await freePort();
  await bare.listen({ port: barePort, host: '127.0.0.1' });
  await runCannon({ url: `http://127.0.0.1:${barePort}/one`, duration: 3 }); // warm-up
  const bareResult = await runCannon({ url: `http://127.0.0.1:${barePort}/one` });
  await bare.close();
  await barePool.end();

  const today = new Date();
  const from = new Date(today.getTime() - 90 * 86_400_000);
  const mdY = (d) => `${d.getUTCMonth() + 1}-${d.getUTCDate()}-${d.getUTCFullYear()}`;
  const url =
    `${base}/api/v1/document/documents/received?limit=10&offset=0&serviceId=${seeded.serviceIds[0]}` +
    `&status=1&creationTimeFrom=${mdY(from)}&creationTimeTo=${mdY(today)}`;
  const headers = { authorization: `Bearer ${token}` };
  const check = await fetch(url, { headers });
  const sample = await check.json();
  if (!check.ok) throw new Error(`List answered ${check.status}: ${JSON.stringify(sample)}`);
  await runCannon({ url, headers, duration: 3 });
  const listResult = await runCannon({ url, headers });
  return {
    seedSeconds: seeded.seconds,
    filter: 'received, one service, status open, last 90 days',
    matching: sample.totalCount,
    list: {
      requestsPerSecond: Math.round(listResult.requests.average),
      p50Ms: listResult.latency.p50,
      p99Ms: listResult.latency.p99,
      errors: listResult.errors + listResult.non2xx,
    },
    bare: {
      requestsPerSecond: Math.round(bareResult.requests.average),
      p50Ms: bareResult.latency.p50,
      p99Ms: bareResult.latency.p99,
    },
    ratioToBare: +(listResult.requests.average / bareResult.requests.average).toFixed(2),
  };
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
  };
  try {
    const token = await signIn(base, 'b1g1_admin@gmail.com', 'Group1');
    const { rows } = await pool.query(
      `select c.id as "clientId", s.id as "serviceId", t.id as "tagId"
       from clients c, services s, tags t
       where c.name = 'Batch1 Group1 LLC' and s.name = 'tax' and t.name = 'other-documents'`,
    );
    const { clientId, serviceId, tagId } = rows[0];
    await pool.query('insert into client_services (client_id, service_id) values ($1, $2) on conflict do nothing', [
      clientId,
      serviceId,
    ]);
    const target = {
      fields: [
        ['ClientId', clientId],
        ['ServiceId', serviceId],
        ['Tags', tagId],
      ],
    };
    if (which.has('upload')) results.upload = await benchUpload({ base, child, dataDir, token, target });
    if (which.has('zip')) results.zip = await benchZip({ base, token, target });
    if (which.has('list')) results.list = await benchList({ base, token, pool });
  } finally {
    await pool.end();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    // BENCH_KEEP_DB=1 keeps the seeded database for looking into query plans afterwards.
    if (process.env.BENCH_KEEP_DB) process.stderr.write(`kept database ${dbName}\n`);
    else await admin.query(`drop database if exists ${dbName}`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
