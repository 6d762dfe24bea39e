// The built app served by the real server on a fresh demo data directory, and the system Chromium
// driven by the puppeteer-core that Lighthouse ships with: shared by bench/lighthouse.mjs and
// bench/load-trace.mjs.
import { execFileSync, spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const LIGHTHOUSE_VERSION = process.env.LIGHTHOUSE_VERSION ?? '12.8.2';
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const DEMO_USER = { username: 'b1g1_admin@gmail.com', password: 'Group1' };
/** Installs (once, into npx's cache) and locates the pinned Lighthouse and the puppeteer-core it ships with. */
export function lighthouseModules() {
  const bin = execFileSync('npx', ['--yes', '-p', `lighthouse@${LIGHTHOUSE_VERSION}`, '-c', 'command -v lighthouse'], {
    cwd: os.tmpdir(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
  // .../node_modules/.bin/lighthouse -> .../node_modules/lighthouse/cli/index.js
  const nodeModules = path.resolve(path.dirname(bin), '..');
  const entry = (name, file) => pathToFileURL(realpathSync(path.join(nodeModules, name, file))).href;
  return {
    lighthouse: entry('lighthouse', 'core/index.js'),
    puppeteer: entry('puppeteer-core', 'lib/esm/puppeteer/puppeteer-core.js'),
  };
}

export function startServer(dataDir) {
  // The embedded database on a fresh directory, whatever the caller's shell points at.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      // The demo's test payment processor and sandbox bank, on purpose (issue 17 item 7).
      ALLOW_TEST_MODE: 'true',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      COOKIE_SECURE: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      const match = /serving on (http:\/\/localhost:\d+)/.exec(output);
      if (match) resolve(match[1].replace('localhost', '127.0.0.1'));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`The server exited (${code}) before listening:\n${output}`)));
  });
  return { child, url };
}
