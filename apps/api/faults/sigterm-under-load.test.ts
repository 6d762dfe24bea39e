import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedSecrets, signInOver, startApi, type ApiProcess } from './support/api-process.js';
import { startPrivatePostgres, type PrivatePostgres } from './support/private-postgres.js';
import { startUpload, uploadTarget } from './support/upload.js';

let postgres: PrivatePostgres;
let databaseUrl: string;
let dataDir: string;
let api: ApiProcess | undefined;

beforeAll(async () => {
  postgres = await startPrivatePostgres();
  databaseUrl = await postgres.createDatabase('faults_sigterm');
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ledgerport-faults-sigterm-'));
});

afterAll(async () => {
  await api?.kill('SIGKILL');
  await postgres?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  startedAt: number;
  endedAt: number;
  outcome: number | string;
}

/** GET over a keep-alive agent, as a browser or a proxy holds its connections open. */
function get(agent: http.Agent, url: string, headers: Record<string, string>): Promise<number | string> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** Whether a new TCP connection is accepted. */
function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('SIGTERM under load', () => {
  it('lets in-flight uploads finish with 201, refuses new connections, ends an open notification stream, answers no 500 and exits 0', async () => {
    api = await startApi({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      ...fixedSecrets(),
      // The shutdown's log line tells the test when the signal was handled.
      LOG_LEVEL: 'info',
    });
    const { baseUrl } = api;
    const port = Number(new URL(baseUrl).port);
    const auth = await signInOver(baseUrl, 'b1g1_admin@gmail.com', 'Group1');
    const target = await uploadTarget(databaseUrl);
    // A bell left open (docs/notifications.md): a stream never ends by itself, so the shutdown ends it.
    const bell = await openBell(`${baseUrl}/api/v1/identity/users/me/notifications/stream`, auth);

    // Eight clients reading lists over keep-alive connections, as fast as answers come.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const answers: Answer[] = [];
    let loading = true;
    const load = Array.from({ length: 8 }, async () => {
      while (loading) {
        const startedAt = Date.now();
        const outcome = await get(agent, `${baseUrl}/api/v1/document/clients?limit=50&offset=0`, auth);
        answers.push({ startedAt, endedAt: Date.now(), outcome });
        if (typeof outcome === 'string') await sleep(20);
      }
    });

    // Three slow clients uploading 6 MB each over about five seconds.
    const uploadBytes = 6 * 1024 * 1024;
    const uploads = [1, 2, 3].map(() =>
      startUpload(baseUrl, auth, target, { totalBytes: uploadBytes, chunkBytes: 128 * 1024, pauseMs: 100 }),
    );
    // Under way: the lists are being answered and every upload is streaming.
    const loadStartedAt = Date.now();
    while (Date.now() - loadStartedAt < 1_000 || answers.length < 5) await sleep(50);
    expect(uploads.map((upload) => upload.sent() > 0 && upload.sent() < uploadBytes)).toEqual([true, true, true]);

    const signalledAt = Date.now();
    api.child.kill('SIGTERM');
    for (let waited = 0; !api.output().includes('shutting down') && waited < 10_000; waited += 20) await sleep(20);
    await sleep(50);
    // The listening socket is closed at once: a load balancer's new connection is refused.
    const acceptedAfterSignal = await connects(port);

    const results = await Promise.all(uploads.map((upload) => upload.response));
    const uploadsEndedAt = Date.now();
    const exit = await api.exited;
    const exitedAt = Date.now();
    loading = false;
    await Promise.all(load);
    agent.destroy();

    const before = answers.filter((a) => a.endedAt < signalledAt);
    const after = answers.filter((a) => a.endedAt >= signalledAt);
    const tally = (list: Answer[]) =>
      list.reduce<Record<string, number>>((counts, a) => {
        counts[String(a.outcome)] = (counts[String(a.outcome)] ?? 0) + 1;
        return counts;
      }, {});
    console.info(
      `lists before SIGTERM ${JSON.stringify(tally(before))}, after ${JSON.stringify(tally(after))}; ` +
        `uploads finished ${uploadsEndedAt - signalledAt} ms and the process exited ${exitedAt - signalledAt} ms after SIGTERM`,
    );

    expect(acceptedAfterSignal).toBe(false);
    expect(results.map((result) => result.status)).toEqual([201, 201, 201]);
    for (const [index, result] of results.entries()) {
      const body = JSON.parse(result.body) as { documents: unknown[]; rejected: unknown[] };
      expect(body.documents, `upload ${index}`).toHaveLength(1);
    }
    expect(exit).toEqual({ code: 0, signal: null });
    api = undefined;
    expect(bell.status).toBe(200);
    expect(bell.endedAt()).toBeLessThanOrEqual(exitedAt);
    // The process stayed until the uploads were answered.
    expect(exitedAt).toBeGreaterThanOrEqual(uploadsEndedAt);

    expect(before.length).toBeGreaterThan(0);
    expect(before.filter((a) => a.outcome !== 200)).toEqual([]);
    // During shutdown a request is answered (200 if it was already in, 503 "closing" if it came in
    // on a kept-alive connection afterwards) or its new connection is refused: never a 500.
    expect(after.filter((a) => typeof a.outcome === 'number' && a.outcome !== 200 && a.outcome !== 503)).toEqual([]);
  });
});

/** An event stream held open over a connection of its own; notes when the server ends it. */
async function openBell(url: string, headers: Record<string, string>) {
  let endedAt: number | undefined;
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get(url, { headers, agent: false }, resolve).on('error', reject);
  });
  response.resume();
  response.on('close', () => (endedAt ??= Date.now()));
  return { status: response.statusCode, endedAt: () => endedAt ?? Infinity };
}
