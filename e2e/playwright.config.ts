import { existsSync, mkdtempSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const FULL_CHROMIUM = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'];
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/** The system Chromium, never a downloaded one; the bare binary avoids the Debian wrapper's noise. */
function fullChromiumPath(): string {
  return FULL_CHROMIUM.find((candidate) => existsSync(candidate)) ?? FULL_CHROMIUM[1]!;
}

/**
 * Debian's chromium-headless-shell (the old headless mode, its own package) comes first when
 * installed: it runs the suite with about a quarter less CPU than the full browser in new headless
 * mode (README, "Configuration"). CHROME_PATH picks another, e.g. the full one to watch a test.
 */
function chromiumPath(): string {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : fullChromiumPath();
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// The config is loaded by the runner and again by every worker: the runner picks the port, the data
// directory and the signing key once and hands them to the workers through the environment.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'ledgerport-e2e-'));
process.env.E2E_JWT_SECRET ??= randomBytes(32).toString('hex');
const baseURL = `http://localhost:${process.env.E2E_PORT}`;
const GLOBAL_STATE_SPECS = /announcements\.spec\.ts$/;
const GLOBAL_LIST_SPECS = /xss\/global-lists\.spec\.ts$/;
/** e2e/xss.spec.ts and e2e/xss-*.spec.ts: the corpus specs, the longest of all (a page per record). */
const XSS_SPECS = /\/xss[^/]*\.spec\.ts$/;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Journeys of several screens (create, search, change status, delete) on a 2-core machine running
  // the server, two browsers and the test workers at once: 30 s proved too tight under load.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: path.join(root, 'test-results'),
  use: {
    baseURL,
    // The app honours reduced motion (theme.respectReducedMotion): no dialog, drawer or menu
    // animates, so no step waits for one to settle. What a screen does is the same either way.
    reducedMotion: 'reduce',
    // A failed test keeps its trace with DOM snapshots of every step, but not the screencast: taking
    // a frame on every paint cost the machine about a third of the browser suite's CPU.
    // The final screenshot still comes with every failure.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [
    // Listed first so that their tests are handed out first: the short specs then fill both workers
    // at the end, instead of one long XSS part running alone while the other worker idles.
    { name: 'xss', use: { browserName: 'chromium' }, testMatch: XSS_SPECS },
    {
      name: 'chromium',
      use: { browserName: 'chromium' },
      testIgnore: [GLOBAL_STATE_SPECS, GLOBAL_LIST_SPECS, XSS_SPECS],
    },
    // Specs that change what every user meets (an active announcement stops each client after sign-in)
    // run after all the others, one at a time: e2e/announcements.spec.ts and e2e/xss/announcements.spec.ts
    // would otherwise meet each other's announcements.
    {
      name: 'global-state',
      use: { browserName: 'chromium' },
      testMatch: GLOBAL_STATE_SPECS,
      dependencies: ['xss', 'chromium'],
      workers: 1,
    },
    // Records in the firm-wide lists (roles, services, tags, coupons) that other specs' pickers and
    // lists would meet, so also after all the others; they change no one's sign-in, so beside the
    // announcements, on the worker those leave free (one test per list).
    {
      name: 'global-lists',
      use: { browserName: 'chromium' },
      testMatch: GLOBAL_LIST_SPECS,
      dependencies: ['xss', 'chromium'],
    },
  ],
  webServer: {
    // The built app, as `npm start` serves it, on a fresh data directory with the demo firm.
    command: 'node apps/api/dist/server.js',
    cwd: root,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    // First start migrates a new database and seeds the demo firm: 51-65 s was seen on a loaded
    // machine (helpers' suites beside CI), so 60 s failed runs that had nothing wrong.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
      JWT_SECRET: process.env.E2E_JWT_SECRET,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
  },
});
