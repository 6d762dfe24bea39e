#!/usr/bin/env node
// `node bench/load-trace.mjs`: cold signed-in loads of Home at phone size under DevTools' real CPU
// throttle, measured from Chrome's own trace. Lighthouse's simulated figures swing by ten points from
// run to run on a shared host; this measures what the page did, so two builds can be compared with
// fewer runs (docs/performance.md). Against the built app (`npm run build` first), as the demo admin.
//
// Each load prints one JSON line: first and largest contentful paint, the main thread's busy time
// before the largest paint and in all (to five seconds after the first paint), and the blocking time
// (each task's time over 50 ms, summed, as TBT counts it). A last line gives the medians.
//
// Options: --runs N (default 5), --cpu N (the throttle, default 4), --path / (the address loaded),
// --width 412 (the viewport; height 823, as Lighthouse's phone).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CHROME_FLAGS, CHROME_PATH, DEMO_USER, lighthouseModules, startServer } from './support/browser.mjs';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    cpu: { type: 'string', default: '4' },
    path: { type: 'string', default: '/' },
    width: { type: 'string', default: '412' },
  },
});
const runs = Number(options.runs);
const cpu = Number(options.cpu);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of 1 or more.');
if (!(cpu >= 1)) throw new Error('--cpu takes a number of 1 or more.');

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading'];
const LONG_TASK_MS = 50;
/** Loaders and skeletons still showing (as e2e/support-axe.ts): the screen is in once none is. */
const LOADING = '.mantine-Loader-root, .mantine-Skeleton-root[data-visible="true"], [aria-busy="true"]';
const SETTLE_MS = 2_000;
const WINDOW_AFTER_FCP_MS = 5_000;

/** The figures of one load, from its trace events (times in ms from the navigation's start). */
function figures(events) {
  const navigation = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame &&
      e.args.data.documentLoaderURL?.startsWith('http'),
  );
  if (!navigation) throw new Error('The trace holds no navigation.');
  const { pid, ts: start } = navigation;
  const mainThread = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain' && e.pid === pid,
  );
  const at = (name) => events.filter((e) => e.pid === pid && e.name === name).map((e) => e.ts);
  const fcp = Math.min(...at('firstContentfulPaint'));
  const lcp = Math.max(...at('largestContentfulPaint::Candidate'));
  const tasks = events.filter(
    (e) =>
      e.pid === pid &&
      e.tid === mainThread.tid &&
      e.name === 'RunTask' &&
      e.ph === 'X' &&
      e.ts >= start &&
      e.ts < fcp + WINDOW_AFTER_FCP_MS * 1000,
  );
  const sum = (list, of) => Math.round(list.reduce((total, task) => total + of(task.dur / 1000), 0));
  return {
    fcp: Math.round((fcp - start) / 1000),
    lcp: Math.round((lcp - start) / 1000),
    busyBeforeLcp: sum(
      tasks.filter((task) => task.ts < lcp),
      (ms) => ms,
    ),
    busy: sum(tasks, (ms) => ms),
    blocking: sum(tasks, (ms) => Math.max(0, ms - LONG_TASK_MS)),
  };
}

const median = (values) => {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
};

const { default: puppeteer } = await import(lighthouseModules().puppeteer);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ledgerport-load-trace-'));
const server = startServer(dataDir);
let browser;
try {
  const baseUrl = await server.url;
  browser = await puppeteer.launch({ executablePath: CHROME_PATH, headless: true, args: CHROME_FLAGS });
  const signIn = await browser.newPage();
  await signIn.goto(`${baseUrl}/login`, { waitUntil: 'networkidle0' });
  await signIn.locator('input[autocomplete="username"]').fill(DEMO_USER.username);
  await signIn.locator('input[autocomplete="current-password"]').fill(DEMO_USER.password);
  await Promise.all([
    signIn.waitForNavigation({ waitUntil: 'networkidle0' }),
    signIn.locator('button[type="submit"]').click(),
  ]);
  await signIn.close();

  const results = [];
  for (let run = 1; run <= runs; run++) {
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await page.setViewport({
      width: Number(options.width),
      height: 823,
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await page.tracing.start({ categories: TRACE_CATEGORIES });
    // Not `networkidle0`: the notification stream keeps a connection open for good.
    await page.goto(`${baseUrl}${options.path}`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('main h1', { timeout: 120_000 });
    await page.waitForFunction(
      (busy) => globalThis.document.querySelector(busy) === null,
      { timeout: 120_000 },
      LOADING,
    );
    // The tasks that follow the screen's arrival belong to the load too.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const trace = JSON.parse(Buffer.from(await page.tracing.stop()).toString('utf8'));
    await page.close();
    const result = { run, cpu, path: options.path, ...figures(trace.traceEvents) };
    results.push(result);
    console.log(JSON.stringify(result));
  }
  const medians = Object.fromEntries(
    ['fcp', 'lcp', 'busyBeforeLcp', 'busy', 'blocking'].map((key) => [
      key,
      median(results.map((result) => result[key])),
    ]),
  );
  console.log(JSON.stringify({ medians, runs, cpu, path: options.path }));
} finally {
  await browser?.close();
  server.child.kill('SIGTERM');
  await new Promise((resolve) => (server.child.exitCode === null ? server.child.once('exit', resolve) : resolve()));
  rmSync(dataDir, { recursive: true, force: true });
}
