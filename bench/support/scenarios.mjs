/**
 * The scenarios of bench/run.mjs (issues 12 and 26, DESIGN.md section 10). Each has a name (for --only),
 * an optional cap on connections (one upload, zip or export is heavy work on its own), an optional setup,
 * a run returning `{ load, ...extra }` (load: the figures of support/load.mjs) and the budgets it is held
 * to. A list scenario (`list: true`) also returns `p99Load`, its second pass at --p99-connections.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { getJson, multipartBody, putJson, signIn, streamUpload, timedGet } from './http.mjs';
import { rssBytes } from './processes.mjs';

const MB = 1024 * 1024;
const API = '/api/v1';
const LIST_P99_MS = 50;
const LIST_RATIO = 0.25;
const RSS_GROWTH_MB = 64;

/** Spec 02 section 7: the documents and leads lists take dates as M-D-YYYY. */
const mdY = (d) => `${d.getUTCMonth() + 1}-${d.getUTCDate()}-${d.getUTCFullYear()}`;
const daysAgo = (days) => new Date(Date.now() - days * 86_400_000);
const clean = (line) => line.errors + line.non2xx === 0;
/**
 * DESIGN.md section 10 for every list: at the run's connections (200) at least a quarter of the one-query
 * reference's throughput without errors; at --p99-connections (50) a p99 under 50 ms.
 */
const listBudget = (line) => {
  const p99Line = line.p99Run ?? line;
  return [
    {
      budget: `≥ ${LIST_RATIO} of the one-query reference at ${line.connections} connections, no errors`,
      met: line.ratio >= LIST_RATIO && clean(line),
    },
    {
      budget: `p99 < ${LIST_P99_MS} ms at ${p99Line.connections} connections`,
      met: p99Line.p99 < LIST_P99_MS && clean(p99Line),
    },
  ];
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * A client user's own session, acting for their generated account (`ctx.clientUser`: the owner of the
 * first generated client). The current account belongs to the session (ADR 0014), so it is chosen with
 * the very token the load then carries.
 */
async function clientSession(ctx) {
  const { username, clientId } = ctx.clientUser;
  const token = await signIn(ctx.api.base, username, ctx.benchPassword);
  const headers = { authorization: `Bearer ${token}` };
  await putJson(`${ctx.api.base}${API}/document/users/me/clients/current`, headers, { clientId });
  return { token, headers, who: `${username} (client user), current account ${clientId}` };
}

/**
 * A list scenario: checks the URL answers 200 once, then loads it at the run's connections and again
 * at --p99-connections. `more.client`: as the generated client user instead of the demo admin;
 * `more.matching(body)`: how many rows the answer stands for (default: its totalCount).
 */
function list(name, url, { client = false, matching = (body) => body.totalCount, ...more } = {}) {
  return {
    name,
    list: true,
    setup: client ? clientSession : undefined,
    async run(ctx) {
      const target = `${ctx.api.base}${url(ctx)}`;
      const sample = await getJson(target, ctx.headers);
      const load = await ctx.measure({ url: target, headers: ctx.headers });
      // At 50 connections as well, unless the run is already there (then its figures serve both budgets).
      const again = ctx.p99Connections && ctx.p99Connections !== ctx.connections;
      const p99Load = again
        ? await ctx.measureAt(ctx.p99Connections, { url: target, headers: ctx.headers })
        : undefined;
      return { load, p99Load, url: url(ctx), user: ctx.who, matching: matching(sample) };
    },
    budgets: listBudget,
    ...more,
  };
}

const year = () => new Date().getUTCFullYear();
const month = () => new Date().getUTCMonth() + 1;

const uploadFields = (ctx) => [
  ['ClientId', ctx.ids.uploadClientId],
  ['ServiceId', ctx.ids.taxServiceId],
  ['Tags', ctx.ids.otherDocumentsTagId],
];

async function uploadDocuments(ctx, count, bytes) {
  const ids = [];
  for (let left = count; left > 0; left -= 20) {
    // 20 files is the per-request limit.
    const files = Math.min(20, left);
    const result = await streamUpload(
      `${ctx.api.base}${API}/document/documents/my-upload`,
      ctx.token,
      uploadFields(ctx),
      files,
      bytes,
    );
    if (result.status !== 201) throw new Error(`Upload answered ${result.status}: ${result.body.slice(0, 300)}`);
    ids.push(...JSON.parse(result.body).documents.map((d) => d.id));
  }
  return ids;
}

/**
 * dd writing `mb` MiB into the data directory: without `sync` it is the page-cache speed an upload
 * (which does not fsync) meets; with `sync`, the disk's.
 */
function ddWriteSpeed(dir, mb, sync) {
  const file = path.join(dir, 'dd-probe');
  const started = process.hrtime.bigint();
  const args = ['if=/dev/zero', `of=${file}`, 'bs=1M', `count=${mb}`, ...(sync ? ['conv=fdatasync'] : [])];
  execFileSync('dd', args, { stdio: 'ignore' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  rmSync(file, { force: true });
  return +(mb / seconds).toFixed(1);
}

export const SCENARIOS = [
  {
    name: 'sign-in',
    // argon2id (19 MiB, 2 passes) runs on libuv's four threads: more connections only queue.
    maxConnections: 16,
    async run(ctx) {
      const body = JSON.stringify({ usernameOrEmailAddress: 'bench_staff_1', password: ctx.benchPassword });
      const load = await ctx.measure({
        url: `${ctx.api.base}${API}/authentication/account/authenticate`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      return { load, user: 'bench_staff_1 (admin)' };
    },
  },
  list('received', (ctx) => {
    const to = new Date();
    return (
      `${API}/document/documents/received?limit=10&offset=0&serviceId=${ctx.ids.taxServiceId}` +
      `&status=1&creationTimeFrom=${mdY(daysAgo(90))}&creationTimeTo=${mdY(to)}`
    );
  }),
  list('clients-search', () => `${API}/document/clients?limit=10&offset=0&fullName=smith`),
  list('users', () => `${API}/identity/users?limit=10&offset=0`),
  list(
    'transactions',
    (ctx) =>
      `${API}/document/clients/${ctx.account.clientId}/institution-accounts/${ctx.account.accountId}/transactions` +
      `?limit=10&offset=0&year=${year()}&month=${month()}`,
  ),
  // Issue 26: the other staff and client lists, and what the home screen asks for.
  list(
    'my-uploads',
    () =>
      `${API}/document/documents/my-upload?limit=10&offset=0` +
      `&creationTimeFrom=${mdY(daysAgo(365))}&creationTimeTo=${mdY(new Date())}`,
    { client: true },
  ),
  list(
    'leads',
    () =>
      `${API}/document/leads?limit=10&offset=0&creationTimeFrom=${mdY(daysAgo(90))}&creationTimeTo=${mdY(new Date())}`,
  ),
  list('companies', () => `${API}/company/companies?limit=10&offset=0`),
  // The current tax year (the default), as the 1099 Form screen opens.
  list('contractors', () => `${API}/document/contractors?limit=10&offset=0`, { client: true }),
  list('bookkeeping', () => `${API}/document/bookkeeping?limit=10&offset=0&year=${year()}&month=${month()}`),
  list('bookkeeping-year', () => `${API}/document/bookkeeping/months?year=${year()}`, {
    client: true,
    matching: (body) => body.months.length,
  }),
  // The requests screen opens on the open ones, soonest due first.
  list('requests', () => `${API}/document/requests?limit=10&offset=0&status=1`),
  // The bell's panel (its first page carries the unread count too) and the count it polls.
  list('notifications', () => `${API}/identity/users/me/notifications?limit=20&offset=0`),
  list('notifications-unread', () => `${API}/identity/users/me/notifications?limit=1&offset=0&unread=true`, {
    matching: (body) => body.unreadCount,
  }),
  list('to-dos', () => `${API}/document/users/me/to-dos`, { client: true }),
  // The home screen's document cards, for staff and for a client user.
  list('dashboard-counts', () => `${API}/document/documents/counts`, {
    matching: (body) => body.myUploads + body.received,
  }),
  list('dashboard-counts-client', () => `${API}/document/documents/counts`, {
    client: true,
    matching: (body) => body.myUploads + body.received,
  }),
  list(
    'transaction-questions',
    (ctx) => `${API}/document/clients/${ctx.account.clientId}/transaction-questions?limit=10&offset=0`,
  ),
  list('bank-connections', () => `${API}/document/reconciliation/connections`, {
    matching: (body) => body.items.length,
  }),
  list('messages-inbox', () => `${API}/document/conversations?limit=10&offset=0&status=open`),
  list('messages-search', () => `${API}/document/conversations/search?q=mileage&limit=20&offset=0`),
  {
    name: 'download',
    async setup(ctx) {
      const [id] = await uploadDocuments(ctx, 1, 100 * 1024);
      return { documentId: id };
    },
    async run(ctx) {
      const url = `${ctx.api.base}${API}/document/documents/${ctx.documentId}/download`;
      const check = await timedGet(url, ctx.headers);
      if (check.status !== 200) throw new Error(`Download answered ${check.status}`);
      return { load: await ctx.measure({ url, headers: ctx.headers }), fileKB: Math.round(check.bytes / 1024) };
    },
  },
  {
    name: 'upload',
    maxConnections: 16,
    async run(ctx) {
      // 1. Many small uploads (one 100 KB PDF each) under load.
      const { body, contentType } = multipartBody(uploadFields(ctx), [{ name: 'bench.pdf', bytes: 100 * 1024 }]);
      const load = await ctx.measure({
        url: `${ctx.api.base}${API}/document/documents/my-upload`,
        method: 'POST',
        headers: { ...ctx.headers, 'content-type': contentType },
        body,
      });
      // 2. One large request streamed, against dd in the same directory: --upload-mb split into at least
      // ten files, each under the API's 100 MB limit per file (1,024 MB makes eleven).
      const mb = ctx.options.uploadMb;
      const ddMBps = ddWriteSpeed(ctx.dataDir, mb, false);
      const ddSyncedMBps = ddWriteSpeed(ctx.dataDir, mb, true);
      const fileCount = Math.max(10, Math.ceil(mb / 100));
      const fileBytes = Math.floor((mb * MB) / fileCount) - 4096;
      const before = rssBytes(ctx.api.child.pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(ctx.api.child.pid))), 50);
      const started = process.hrtime.bigint();
      const result = await streamUpload(
        `${ctx.api.base}${API}/document/documents/my-upload`,
        ctx.token,
        uploadFields(ctx),
        fileCount,
        fileBytes,
      );
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      clearInterval(sampler);
      if (result.status !== 201)
        throw new Error(`Large upload answered ${result.status}: ${result.body.slice(0, 300)}`);
      const uploadedMB = (fileCount * fileBytes) / MB;
      return {
        load,
        smallFileKB: 100,
        large: {
          uploadedMB: Math.round(uploadedMB),
          seconds: +seconds.toFixed(2),
          MBps: +(uploadedMB / seconds).toFixed(1),
          ddMBps,
          ddSyncedMBps,
          ratioToDd: +(uploadedMB / seconds / ddMBps).toFixed(2),
          rssBeforeMB: +(before / MB).toFixed(1),
          rssPeakMB: +(peak / MB).toFixed(1),
          rssGrowthMB: +((peak - before) / MB).toFixed(1),
        },
      };
    },
    budgets: (line) => [
      { budget: `large upload RSS growth < ${RSS_GROWTH_MB} MB`, met: line.large.rssGrowthMB < RSS_GROWTH_MB },
      { budget: 'large upload ≥ 1/2 of dd (page cache)', met: line.large.ratioToDd >= 0.5 },
    ],
  },
  {
    name: 'zip',
    // Each request streams 100 MB.
    maxConnections: 4,
    async setup(ctx) {
      return { zipIds: await uploadDocuments(ctx, 100, MB) };
    },
    async run(ctx) {
      const url = `${ctx.api.base}${API}/document/documents/download?${ctx.zipIds.map((id) => `ids=${id}`).join('&')}`;
      const timings = [];
      for (let i = 0; i < 5; i++) {
        const timing = await timedGet(url, ctx.headers);
        if (timing.status !== 200) throw new Error(`Zip answered ${timing.status}`);
        timings.push(timing);
      }
      // A fixed number of zips rather than a duration: one takes seconds under load.
      const load = await ctx.measure(
        { url, headers: ctx.headers, amount: 3 * ctx.connections, timeout: 300 },
        { warmup: 0 },
      );
      return {
        load,
        documents: ctx.zipIds.length,
        zipMB: +(timings[0].bytes / MB).toFixed(1),
        firstByteMs: {
          median: +median(timings.map((t) => t.firstByteMs)).toFixed(1),
          worst: +Math.max(...timings.map((t) => t.firstByteMs)).toFixed(1),
        },
        totalMs: {
          median: +median(timings.map((t) => t.totalMs)).toFixed(1),
          worst: +Math.max(...timings.map((t) => t.totalMs)).toFixed(1),
        },
      };
    },
    budgets: (line) => [{ budget: 'first byte < 200 ms', met: line.firstByteMs.worst < 200 }],
  },
  {
    name: 'export',
    // One export at a time: the question is memory and time for 100k rows, not concurrency.
    maxConnections: 1,
    async run(ctx) {
      const url = `${ctx.api.base}${API}/document/clients/${ctx.account.clientId}/institution-accounts/${ctx.account.accountId}/transactions/export`;
      // What one export adds to the process, from its own start to its peak, for four in a row: the
      // line's `rss` spans all of them and the load after, where V8 keeps a heap it has grown and reuses.
      const perExportGrowthMB = [];
      let timing;
      for (let i = 0; i < 4; i++) {
        const before = rssBytes(ctx.api.child.pid);
        let peak = before;
        const sampler = setInterval(() => {
          peak = Math.max(peak, rssBytes(ctx.api.child.pid));
        }, 20);
        try {
          timing = await timedGet(url, ctx.headers);
        } finally {
          clearInterval(sampler);
        }
        if (timing.status !== 200) throw new Error(`Export answered ${timing.status}`);
        perExportGrowthMB.push(+((Math.max(peak, rssBytes(ctx.api.child.pid)) - before) / 2 ** 20).toFixed(1));
      }
      const load = await ctx.measure({ url, headers: ctx.headers, amount: 3, timeout: 300 }, { warmup: 0 });
      return {
        load,
        rows: ctx.account.transactions,
        xlsxKB: Math.round(timing.bytes / 1024),
        firstByteMs: +timing.firstByteMs.toFixed(1),
        totalMs: +timing.totalMs.toFixed(1),
        perExportGrowthMB,
      };
    },
    budgets: (line) => [
      {
        budget: `RSS growth < ${RSS_GROWTH_MB} MB for each export (streamed)`,
        met: Math.max(...line.perExportGrowthMB) < RSS_GROWTH_MB,
      },
    ],
  },
];
