/** Child processes of the harness: the built API server and the bare reference server. */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { BENCH_ENCRYPTION_KEY, root } from './database.mjs';

export function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resident set size of a process, from /proc (Linux). */
export function rssBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
}

async function waitReady(child, url, what) {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}.`);
    const ready = await fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`${what} did not become ready.`);
}

function stopper(child) {
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
}

/**
 * The API as production runs it (apps/api/dist/server.js): PostgreSQL when `target` is one (blobs in
 * `dataDir`), else PGlite in `target.dataDir`. The worker stays off so background jobs do not compete.
 * The field key is the generator's (BENCH_ENCRYPTION_KEY), not one made up in a fresh data directory.
 */
export async function startApi({ target, dataDir, poolSize }) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // The demo's test payment processor and sandbox bank, on purpose (issue 17 item 7).
      ALLOW_TEST_MODE: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: target.kind === 'pglite' ? target.dataDir : dataDir,
      ...(target.kind === 'postgres' ? { DATABASE_URL: target.url } : {}),
      DATABASE_POOL_SIZE: String(poolSize),
      // The key bench/seed-large.mjs encrypted the generated messages with.
      APP_ENCRYPTION_KEY: BENCH_ENCRYPTION_KEY,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      RUN_WORKER: 'false',
      COOKIE_SECURE: 'false',
      LOGIN_MAX_FAILURES_PER_IP: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitReady(child, `${base}/readyz`, 'The API');
  return { child, base, stop: stopper(child) };
}

/** bench/support/reference-server.mjs on the same database and pool size as the API. */
export async function startReference({ target, poolSize }) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'bench/support/reference-server.mjs')], {
    env: {
      ...process.env,
      REFERENCE_PORT: String(port),
      REFERENCE_POOL_SIZE: String(poolSize),
      ...(target.kind === 'postgres'
        ? { REFERENCE_DATABASE_URL: target.url }
        : { REFERENCE_PGLITE_DIR: path.join(target.dataDir, 'pgdata') }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitReady(child, `${base}/nothing`, 'The reference server');
  return { child, base, stop: stopper(child) };
}
