#!/usr/bin/env node
// `npm start`: build whatever is missing or older than its sources, then run the server.
// The server applies migrations and seeds the demo firm into an empty database itself.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function isStale(output, inputs) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return inputs.some((input) => newestMtime(at(input)) > built);
}

function run(label, args) {
  process.stdout.write(`Building ${label}...\n`);
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = ['packages/shared/src', 'packages/shared/tsconfig.json'];
if (isStale(at('apps/api/dist/server.js'), [...shared, 'apps/api/src', 'apps/api/tsconfig.json'])) {
  run('the API', ['run', 'build', '-w', '@ledgerport/shared', '-w', '@ledgerport/api']);
}
if (
  isStale(at('apps/web/dist/index.html'), [...shared, 'apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts'])
) {
  run('the web app', ['run', 'build', '-w', '@ledgerport/web']);
}

const server = spawn(process.execPath, [at('apps/api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { WEB_DIST_DIR: at('apps/web/dist'), ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
