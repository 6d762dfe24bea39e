/**
 * The scenarios of bench/run.mjs (issue 12, DESIGN.md section 10). Each has a name (for --only), an
 * optional cap on connections (one upload, zip or export is heavy work on its own), an optional setup,
 * a run returning `{ load, ...extra }` (load: the figures of support/load.mjs) and the budgets it is held to.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { getJson, multipartBody, streamUpload, timedGet } from './http.mjs';
import { rssBytes } from './processes.mjs';

const MB = 1024 * 1024;
const API = '/api/v1';
const LIST_P99_MS = 50;
const RSS_GROWTH_MB = 64;

/** Spec 02 section 7: the documents lists take dates as M-D-YYYY. */
const mdY = (d) => `${d.getUTCMonth() + 1}-${d.getUTCDate()}-${d.getUTCFullYear()}`;
const listBudget = (line) => [
  { budget: `p99 < ${LIST_P99_MS} ms`, met: line.p99 < LIST_P99_MS && line.errors + line.non2xx === 0 },
];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A list scenario: checks the URL answers 200 once, then loads it. */
function list(name, url, more = {}) {
  return {
    name,
    async run(ctx) {
      const target = `${ctx.api.base}${url(ctx)}`;
      const sample = await getJson(target, ctx.headers);
      return {
        load: await ctx.measure({ url: target, headers: ctx.headers }),
        url: url(ctx),
        matching: sample.totalCount,
      };
    },
    budgets: listBudget,
    ...more,
  };
}

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
  list(
    'received',
    (ctx) => {
      const today = new Date();
      const from = new Date(today.getTime() - 90 * 86_400_000);
      return (
        `${API}/document/documents/received?limit=10&offset=0&serviceId=${ctx.ids.taxServiceId}` +
        `&status=1&creationTimeFrom=${mdY(from)}&creationTimeTo=${mdY(today)}`
      );
    },
    {
      budgets: (line) => [...listBudget(line), { budget: '≥ 1/4 of the one-query reference', met: line.ratio >= 0.25 }],
    },
  ),
  list('clients-search', () => `${API}/document/clients?limit=10&offset=0&fullName=smith`),
  list('users', () => `${API}/identity/users?limit=10&offset=0`),
  list('transactions', (ctx) => {
    const now = new Date();
    return (
      `${API}/document/clients/${ctx.account.clientId}/institution-accounts/${ctx.account.accountId}/transactions` +
      `?limit=10&offset=0&year=${now.getUTCFullYear()}&month=${now.getUTCMonth() + 1}`
    );
  }),
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
      const timing = await timedGet(url, ctx.headers);
      if (timing.status !== 200) throw new Error(`Export answered ${timing.status}`);
      const load = await ctx.measure({ url, headers: ctx.headers, amount: 3, timeout: 300 }, { warmup: 0 });
      return {
        load,
        rows: ctx.account.transactions,
        xlsxKB: Math.round(timing.bytes / 1024),
        firstByteMs: +timing.firstByteMs.toFixed(1),
        totalMs: +timing.totalMs.toFixed(1),
      };
    },
    budgets: (line) => [
      { budget: `RSS growth < ${RSS_GROWTH_MB} MB (streamed)`, met: line.rss.growthMB < RSS_GROWTH_MB },
    ],
  },
];
