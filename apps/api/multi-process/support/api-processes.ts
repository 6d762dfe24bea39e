import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** The built server, as `npm start` runs it (`npm run test:multi-process` builds it first). */
const SERVER_JS = fileURLToPath(new URL('../../dist/server.js', import.meta.url));

export interface ApiProcess {
  name: string;
  baseUrl: string;
  /** stdout and stderr so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts `node dist/server.js` with `env` and resolves once it listens (it prints its URL). */
export async function startApi(name: string, env: Record<string, string>, timeoutMs = 90_000): Promise<ApiProcess> {
  if (!existsSync(SERVER_JS)) {
    throw new Error(`${SERVER_JS} is missing: run \`npm run test:multi-process\` (it builds first).`);
  }
  const child: ChildProcess = spawn(process.execPath, [SERVER_JS], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start in ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /serving on http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`${name} exited before listening:\n${output}`));
    });
  });
  return {
    name,
    baseUrl,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A fresh database on the shared PostgreSQL server, dropped (with its connections) by `drop`. */
export async function createDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
