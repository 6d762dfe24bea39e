#!/usr/bin/env node
/**
 * `npm run bench`: every scenario of DESIGN.md section 10 against the built API on the large firm of
 * bench/seed-large.mjs (seeded first when the database has none, completed when it lacks issue 26's
 * lists), each printed as one JSON line:
 *   {scenario, connections, reqPerSec, p50, p99, errors, non2xx, refNothing, refOneQuery, ratio, ...}
 * refNothing and refOneQuery are a bare Fastify route doing nothing and one doing one indexed query on the
 * same database and pool size (bench/support/reference-server.mjs), measured in the same run at the same
 * number of connections; ratio = reqPerSec / refOneQuery.reqPerSec. A list's line adds `p99Run`: the
 * same list again at --p99-connections (50), where its p99 budget is judged, with that run's ratio and
 * reference. The upload, zip and export lines add the API's RSS (before, peak, after) and their own
 * timings. docs/performance.md explains the figures.
 *
 * Target: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/ledgerport_bench_large), or PGlite
 * under DATA_DIR when DATA_DIR is given without DATABASE_URL (a smoke run: use --scale 0.01).
 * Usage: node bench/run.mjs [--only received,users] [--duration 15] [--connections 200] [--warmup 3]
 *        [--p99-connections 50] [--processes 1]
 *        [--scale 1] [--pool-size 20] [--upload-mb 1024]
 * Rows the run adds (uploaded documents, sessions) are deleted at the end, so runs can repeat on one database.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  BENCH_PASSWORD,
  describeTarget,
  ensurePostgresDatabase,
  openDatabase,
  resolveTarget,
  root,
} from './support/database.mjs';
import { startApi, startReference } from './support/processes.mjs';
import { measureLoad, withRss } from './support/load.mjs';
import { SCENARIOS } from './support/scenarios.mjs';
import { missingListParts } from './support/large-firm.mjs';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', multiple: true },
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '200' },
    // The lists' second pass, for DESIGN.md's "p99 under 50 ms at 50 connections"; 0 leaves it out.
    'p99-connections': { type: 'string', default: '50' },
    warmup: { type: 'string', default: '3' },
    scale: { type: 'string', default: '1' },
    'pool-size': { type: 'string', default: '20' },
    'upload-mb': { type: 'string', default: '1024' },
    // API processes on the one database (issue 26 item 4); the load is split evenly between them.
    processes: { type: 'string', default: '1' },
  },
});
const options = {
  duration: Number(args.duration),
  connections: Number(args.connections),
  p99Connections: Number(args['p99-connections']),
  warmup: Number(args.warmup),
  poolSize: Number(args['pool-size']),
  uploadMb: Number(args['upload-mb']),
  processes: Math.max(1, Number(args.processes)),
};
const wanted = args.only
  ?.flatMap((o) => o.split(','))
  .map((o) => o.trim())
  .filter(Boolean);
const unknown = wanted?.filter((name) => !SCENARIOS.some((s) => s.name === name));
if (unknown?.length) {
  throw new Error(`Unknown scenario ${unknown.join(', ')}; known: ${SCENARIOS.map((s) => s.name).join(', ')}.`);
}
const selected = SCENARIOS.filter((s) => !wanted || wanted.includes(s.name));
const target = resolveTarget();
const print = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);
const log = (text) => process.stderr.write(`${text}\n`);

/** How many connections a scenario runs at: the run's, capped for the heavy ones (an upload or a zip each). */
const connectionsOf = (scenario) => Math.min(options.connections, scenario.maxConnections ?? Infinity);

/** Why the generator must run first: no large firm yet, or one seeded before issue 26's lists; null when ready. */
async function whySeed() {
  const { database, query } = await openDatabase(target);
  try {
    const [row] = await query(`select count(*)::int as n from users where username like 'bench\\_%'`);
    if (row.n === 0) return `No large firm in ${describeTarget(target)}: seeding it (scale ${args.scale}).`;
    const missing = await missingListParts(query);
    return missing.length ? `The large firm lacks ${missing.join(', ')}: adding them.` : null;
  } catch {
    return `No tables in ${describeTarget(target)} yet: seeding the large firm (scale ${args.scale}).`;
  } finally {
    await database.close();
  }
}

/** What the scenarios need from the database, read before the API opens it (PGlite has one connection). */
async function prepare() {
  const { database, query } = await openDatabase(target);
  try {
    const one = async (text) => (await query(text))[0];
    const counts = await one(`
      select (select count(*) from users)::int as users, (select count(*) from clients)::int as clients,
             (select count(*) from documents)::int as documents, (select count(*) from leads)::int as leads,
             (select count(*) from bank_transactions)::int as "bankTransactions",
             (select count(*) from bookkeeping_records)::int as "bookkeepingRecords",
             (select count(*) from requests)::int as requests,
             (select count(*) from notifications)::int as notifications,
             (select count(*) from conversations)::int as conversations,
             (select count(*) from conversation_messages)::int as messages,
             (select count(*) from transaction_questions)::int as "transactionQuestions",
             (select count(*) from companies)::int as companies,
             (select count(*) from contractors)::int as contractors`);
    const ids = await one(`
      select (select id from services where name = 'tax') as "taxServiceId",
             (select id from tags where name = 'other-documents') as "otherDocumentsTagId",
             (select id from clients where name = 'Batch1 Group1 LLC') as "uploadClientId",
             (select max(id) from documents) as "maxDocumentId",
             (select max(id) from stored_files) as "maxFileId",
             now() as "startedAt"`);
    const account = await one(`
      select a.id as "accountId", a.client_id as "clientId",
             (select count(*) from bank_transactions t where t.account_id = a.id)::int as transactions
      from bank_accounts a join bank_institutions i on i.id = a.institution_id
      where i.provider_item_id = 'bench-item-0'`);
    // The client lists' user: the owner of the first generated client (business, every service, the
    // 100k-transaction account), acting for that client.
    const clientUser = await one(`
      select u.username, c.id as "clientId" from clients c join users u on u.id = c.owner_user_id
      where c.id = ${Number(account.clientId)}`);
    const { version } = await one('select version()');
    return { counts, ids, account, clientUser, version };
  } finally {
    await database.close();
  }
}

/** Deletes what the run added, by the watermarks `prepare` took. */
async function cleanUp(ids) {
  const { database, query } = await openDatabase(target);
  try {
    await query(`delete from documents where id > ${Number(ids.maxDocumentId ?? 0)}`);
    await query(`delete from stored_files f where f.id > ${Number(ids.maxFileId ?? 0)}
                 and not exists (select 1 from documents d where d.file_id = f.id)`);
    await query(`delete from sessions where created_at >= '${new Date(ids.startedAt).toISOString()}'`);
  } finally {
    await database.close();
  }
}

async function measureReferences(connectionCounts) {
  const reference = await startReference({ target, poolSize: options.poolSize });
  const figures = new Map();
  try {
    for (const connections of connectionCounts) {
      const run = (route) =>
        measureLoad(
          { url: `${reference.base}/${route}`, connections },
          { ...options, cpuOf: [reference.child.pid] },
        ).then(({ reqPerSec, p50, p99, errors, non2xx, cpuPerRequest }) => ({
          reqPerSec,
          p50,
          p99,
          errors: errors + non2xx,
          cpuPerRequest,
        }));
      figures.set(connections, { refNothing: await run('nothing'), refOneQuery: await run('one') });
      log(`references at ${connections} connections: ${JSON.stringify(figures.get(connections))}`);
    }
  } finally {
    await reference.stop();
  }
  return figures;
}

/** A run's figures beside its own reference (a scenario's line, and the lists' pass at --p99-connections). */
function runFigures(connections, load, refs) {
  return {
    connections,
    reqPerSec: load.reqPerSec,
    p50: load.p50,
    p99: load.p99,
    errors: load.errors,
    non2xx: load.non2xx,
    refOneQuery: refs.refOneQuery,
    ratio: +(load.reqPerSec / refs.refOneQuery.reqPerSec).toFixed(3),
    ...(load.cpuPerRequest && { cpuPerRequest: load.cpuPerRequest }),
  };
}

/**
 * The same load spread over several API processes, as a load balancer would: each gets an even share
 * of the connections on its own port, all at once. Throughput adds up; p50 is the busier share's and
 * p99 the worse of the two (no merged histogram), so the figures err on the slow side.
 */
async function measureSpread(apis, connections, load, timing) {
  const share = Math.max(1, Math.round(connections / apis.length));
  const results = await Promise.all(
    apis.map((each) =>
      measureLoad({ ...load, url: load.url.replace(apis[0].base, each.base), connections: share }, timing),
    ),
  );
  return {
    reqPerSec: +results.reduce((sum, r) => sum + r.reqPerSec, 0).toFixed(2),
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    requests: results.reduce((sum, r) => sum + r.requests, 0),
  };
}

async function main() {
  const started = Date.now();
  if (target.kind === 'postgres') await ensurePostgresDatabase(target);
  const reason = await whySeed();
  if (reason) {
    log(reason);
    const seeded = spawnSync(process.execPath, [path.join(root, 'bench/seed-large.mjs'), '--scale', args.scale], {
      // Its progress goes to stderr: stdout is the run's JSON lines.
      stdio: ['ignore', 2, 'inherit'],
    });
    if (seeded.status !== 0) throw new Error('Seeding failed.');
  }
  const prepared = await prepare();
  const cpus = os.cpus();
  print({
    run: {
      date: new Date().toISOString(),
      machine: `${cpus.length} × ${cpus[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`,
      database: `${describeTarget(target)}: ${prepared.version.split(',')[0]}`,
      data: prepared.counts,
      duration: options.duration,
      warmup: options.warmup,
      connections: options.connections,
      p99Connections: options.p99Connections || undefined,
      poolSize: options.poolSize,
      processes: options.processes,
      scenarios: selected.map((s) => s.name),
    },
  });

  const hasLists = selected.some((s) => s.list);
  const p99Connections = hasLists && options.p99Connections > 0 ? options.p99Connections : 0;
  const references = await measureReferences([
    ...new Set([...selected.map(connectionsOf), ...(p99Connections ? [p99Connections] : [])]),
  ]);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ledgerport-bench-'));
  // One after another: the first migrates and seeds, the others find it done (docs/deployment.md).
  const apis = [];
  for (let i = 0; i < options.processes; i++)
    apis.push(await startApi({ target, dataDir, poolSize: options.poolSize }));
  const [api] = apis;
  try {
    const { signIn } = await import('./support/http.mjs');
    const context = {
      api,
      ids: prepared.ids,
      account: prepared.account,
      clientUser: prepared.clientUser,
      options,
      dataDir: target.kind === 'pglite' ? target.dataDir : dataDir,
      benchPassword: BENCH_PASSWORD,
    };
    for (const scenario of selected) {
      const connections = connectionsOf(scenario);
      log(`running ${scenario.name} at ${connections} connections`);
      try {
        // A session of its own for each scenario, as the demo admin who sees every client (a client
        // scenario's setup signs its client user in): a whole run outlasts one access token.
        const token = await signIn(api.base, 'b1g1_admin@gmail.com', 'Group1');
        const admin = {
          token,
          headers: { authorization: `Bearer ${token}` },
          who: 'b1g1_admin (demo admin, every client)',
        };
        const setup = scenario.setup ? await scenario.setup({ ...context, ...admin }) : {};
        const cpuOf = apis.map((each) => each.child.pid);
        const measureAt = (n, o, timing) =>
          apis.length === 1
            ? measureLoad({ ...o, connections: n }, { ...options, cpuOf, ...timing })
            : measureSpread(apis, n, o, { ...options, ...timing });
        const { result, rss } = await withRss(api.child.pid, () =>
          scenario.run({
            ...context,
            ...admin,
            ...setup,
            connections,
            p99Connections: scenario.list ? p99Connections : 0,
            measure: (o, timing) => measureAt(connections, o, timing),
            measureAt,
          }),
        );
        const { load, p99Load, ...extra } = result;
        const refs = references.get(connections);
        const line = {
          scenario: scenario.name,
          ...runFigures(connections, load, refs),
          refNothing: refs.refNothing,
          ...(p99Load && { p99Run: runFigures(p99Connections, p99Load, references.get(p99Connections)) }),
          rss,
          ...extra,
        };
        line.budgets = scenario.budgets?.(line) ?? [];
        print(line);
      } catch (error) {
        print({ scenario: scenario.name, connections, failed: String(error.message ?? error) });
      }
    }
  } finally {
    for (const each of apis) await each.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await cleanUp(prepared.ids);
  }
  log(`whole run: ${Math.round((Date.now() - started) / 1000)} s`);
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
