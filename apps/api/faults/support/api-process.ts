import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The built server, as production runs it (`npm run test:faults` builds it first). */
const SERVER_JS = fileURLToPath(new URL('../../dist/server.js', import.meta.url));

export interface ApiProcess {
  child: ChildProcess;
  baseUrl: string;
  /** stdout and stderr so far, for the failure message of a test. */
  output(): string;
  /** Resolves with the exit code (null when a signal ended it) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Secrets fixed for a test's whole run, so each restart reads the same data. */
export function fixedSecrets() {
  return {
    JWT_SECRET: randomBytes(32).toString('hex'),
    APP_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
  };
}

/** Starts `node dist/server.js` and resolves once it listens (it prints its URL). */
export async function startApi(env: Record<string, string>, timeoutMs = 60_000): Promise<ApiProcess> {
  if (!existsSync(SERVER_JS))
    throw new Error(`${SERVER_JS} is missing: run \`npm run test:faults\` (it builds first).`);
  const child = spawn(process.execPath, [SERVER_JS], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      COOKIE_SECURE: 'false',
      SEED_DEMO: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`API did not start in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /serving on (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`API exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
  return {
    child,
    baseUrl,
    output: () => output,
    exited,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Signs in through the API as a browser would; returns the bearer header. */
export async function signInOver(
  baseUrl: string,
  usernameOrEmailAddress: string,
  password: string,
): Promise<{ authorization: string }> {
  const response = await fetch(`${baseUrl}/api/v1/authentication/account/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usernameOrEmailAddress, password }),
  });
  const body = (await response.json()) as { resultType?: number; user?: { jwtToken: { accessToken: string } } };
  if (body.resultType !== 1 || !body.user) throw new Error(`Sign-in failed: ${JSON.stringify(body)}`);
  return { authorization: `Bearer ${body.user.jwtToken.accessToken}` };
}
