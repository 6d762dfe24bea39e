#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse on /login and on the signed-in dashboard, against the built app
// served by the real server on a fresh demo data directory, in the system Chromium.
//
// Lighthouse is not a dependency of the project (it is large): npx fetches a pinned 12.x into its
// cache. 12.x because 13 needs Node 22. Its Node API drives a puppeteer page, so the dashboard can be
// measured signed in: the web app keeps the session in localStorage (apps/web/src/lib/session.ts),
// which the page gets by signing in through the form, and Lighthouse is told not to clear it.
//
// Options: --out DIR writes each full report as JSON; --cpu-slowdown N replaces the preset's 4x CPU
// slowdown (the figures are the preset's; see "Calibrating" in docs/performance.md); --runs N
// measures each page N times (one server, the cache emptied before each run; a single run says little
// on a shared host); --only login|dashboard measures one page; --trace (with --out) also writes each
// run's Chrome trace, to see which main-thread tasks the blocking time counts; LIGHTHOUSE_VERSION and
// CHROME_PATH override the defaults below.
//
// The preset slows the CPU four times from whatever the host is, so every row carries the host's
// `benchmarkIndex`: a score means little without it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CHROME_FLAGS, CHROME_PATH, DEMO_USER, lighthouseModules, startServer } from './support/browser.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
};

const { values: options } = parseArgs({
  options: {
    out: { type: 'string' },
    'cpu-slowdown': { type: 'string' },
    runs: { type: 'string', default: '1' },
    only: { type: 'string' },
    trace: { type: 'boolean', default: false },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of 1 or more.');
if (options.only !== undefined && !['login', 'dashboard'].includes(options.only)) {
  throw new Error('--only takes login or dashboard.');
}
const measures = (label) => options.only === undefined || options.only === label;
/** Lighthouse's mobile preset ("slow 4G"), as its constants define it, with another CPU slowdown. */
const MOBILE_SLOW_4G = {
  rttMs: 150,
  throughputKbps: 1.6 * 1024,
  requestLatencyMs: 150 * 3.75,
  downloadThroughputKbps: 1.6 * 1024 * 0.9,
  uploadThroughputKbps: 750 * 0.9,
};
const cpuSlowdown = options['cpu-slowdown'] === undefined ? null : Number(options['cpu-slowdown']);
if (cpuSlowdown !== null && !(cpuSlowdown > 0)) throw new Error('--cpu-slowdown takes a positive number.');

function summary(label, lhr) {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => {
      const score = lhr.categories[id]?.score;
      return [id, typeof score === 'number' ? Math.round(score * 100) : null];
    }),
  );
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id]?.displayValue ?? 'n/a']),
  );
  return {
    page: label,
    url: lhr.finalDisplayedUrl,
    ...scores,
    ...metrics,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

const modules = lighthouseModules();
const { default: lighthouse } = await import(modules.lighthouse);
const { default: puppeteer } = await import(modules.puppeteer);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ledgerport-lighthouse-'));
const server = startServer(dataDir);
let browser;
try {
  const baseUrl = await server.url;
  browser = await puppeteer.launch({ executablePath: CHROME_PATH, headless: true, args: CHROME_FLAGS });
  const flags = {
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    ...(cpuSlowdown === null ? {} : { throttling: { ...MOBILE_SLOW_4G, cpuSlowdownMultiplier: cpuSlowdown } }),
  };
  const results = [];

  const label = (name, run) => (runs === 1 ? name : `${name}-${run}`);
  for (let run = 1; measures('login') && run <= runs; run++) {
    const loginPage = await browser.newPage();
    const login = await lighthouse(`${baseUrl}/login`, flags, undefined, loginPage);
    results.push([label('login', run), login.lhr, login.artifacts]);
    await loginPage.close();
  }

  // Signed in the way a person is: through the form, which stores the session in localStorage.
  const page = await browser.newPage();
  if (measures('dashboard')) await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle0' });
  for (let run = 1; measures('dashboard') && run <= runs; run++) {
    if (run === 1) {
      await page.locator('input[autocomplete="username"]').fill(DEMO_USER.username);
      await page.locator('input[autocomplete="current-password"]').fill(DEMO_USER.password);
      await Promise.all([
        page.waitForNavigation({ waitUntil: 'networkidle0' }),
        page.locator('button[type="submit"]').click(),
      ]);
      if (new URL(page.url()).pathname !== '/')
        throw new Error(`Sign-in did not reach the dashboard (at ${page.url()}).`);
    }
    // Lighthouse keeps the HTTP cache too when told to keep storage: empty it, so every run loads cold.
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    const dashboard = await lighthouse(`${baseUrl}/`, { ...flags, disableStorageReset: true }, undefined, page);
    if (new URL(dashboard.lhr.finalDisplayedUrl).pathname !== '/') {
      throw new Error(`The dashboard run ended at ${dashboard.lhr.finalDisplayedUrl}: the session did not hold.`);
    }
    results.push([label('dashboard', run), dashboard.lhr, dashboard.artifacts]);
  }

  const [, first] = results[0];
  console.log(
    `Lighthouse ${first.lighthouseVersion}, ${first.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0]}, ` +
      `${first.configSettings.formFactor} with ${first.configSettings.throttlingMethod} throttling, ` +
      `CPU slowed ${first.configSettings.throttling.cpuSlowdownMultiplier}x`,
  );
  console.table(results.map(([label, lhr]) => summary(label, lhr)));
  if (options.out) {
    mkdirSync(options.out, { recursive: true });
    for (const [label, lhr, artifacts] of results) {
      writeFileSync(path.join(options.out, `${label}.json`), JSON.stringify(lhr));
      if (options.trace) writeFileSync(path.join(options.out, `${label}.trace.json`), JSON.stringify(artifacts.Trace));
    }
    console.log(`Full reports in ${path.resolve(options.out)}`);
  }
} finally {
  await browser?.close();
  server.child.kill('SIGTERM');
  await new Promise((resolve) => (server.child.exitCode === null ? server.child.once('exit', resolve) : resolve()));
  rmSync(dataDir, { recursive: true, force: true });
}
