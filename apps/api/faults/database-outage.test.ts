import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedSecrets, signInOver, startApi, type ApiProcess } from './support/api-process.js';
import { startPrivatePostgres, type PrivatePostgres } from './support/private-postgres.js';

/** The API must be serving again this soon after the database returns, without a restart. */
const RECOVERY_LIMIT_MS = 30_000;
/** No request may hang longer than this while the database is away (the pool's connect timeout is 5 s). */
const REQUEST_LIMIT_MS = 12_000;
const DOWN_FOR_MS = 6_000;

let postgres: PrivatePostgres;
let databaseUrl: string;
let dataDir: string;
let api: ApiProcess | undefined;

beforeAll(async () => {
  postgres = await startPrivatePostgres();
  databaseUrl = await postgres.createDatabase('faults_outage');
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ledgerport-faults-outage-'));
});

afterAll(async () => {
  await api?.kill('SIGKILL');
  await postgres?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  phase: 'up' | 'stopping' | 'down' | 'starting' | 'back';
  path: string;
  status: number | string;
  retryAfter: string | null;
  ms: number;
  at: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PostgreSQL stops while requests run', () => {
  it('answers only 503 with Retry-After while it is down, never 500, and recovers by itself once it returns', async () => {
    api = await startApi({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, ...fixedSecrets() });
    const baseUrl = api.baseUrl;
    const auth = await signInOver(baseUrl, 'b1g1_admin@gmail.com', 'Group1');
    // A bell left open through the outage (docs/notifications.md): its stream and the process's LISTEN.
    const bell = await openBell(baseUrl, auth);
    await bell.until(/"unreadCount":0/, 10_000);

    let phase: Answer['phase'] = 'up';
    let running = true;
    const answers: Answer[] = [];
    const ask = async (requestPath: string, headers: Record<string, string> = {}) => {
      const askedIn = phase;
      const started = Date.now();
      try {
        const response = await fetch(`${baseUrl}${requestPath}`, {
          headers,
          signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
        });
        await response.arrayBuffer();
        answers.push({
          phase: askedIn,
          path: requestPath,
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          ms: Date.now() - started,
          at: Date.now(),
        });
        return response.status;
      } catch (error) {
        // A timeout or a broken connection: both fail the test below.
        answers.push({
          phase: askedIn,
          path: requestPath,
          status: (error as Error).name,
          retryAfter: null,
          ms: Date.now() - started,
          at: Date.now(),
        });
        return 0;
      }
    };
    // Four clients reading lists (the pool, the queries, the auth check) and one load balancer probing.
    const clients = [1, 2, 3, 4].map(async (n) => {
      while (running) {
        await ask(`/api/v1/document/clients?limit=${10 + n}&offset=0`, auth);
        await sleep(50);
      }
    });
    const probe = (async () => {
      while (running) {
        await ask('/readyz');
        await sleep(200);
      }
    })();

    await sleep(1_500);
    phase = 'stopping';
    await postgres.stop('fast');
    phase = 'down';
    await sleep(DOWN_FOR_MS);
    phase = 'starting';
    await postgres.start();
    const returnedAt = Date.now();
    phase = 'back';

    // Recovery: the first list answered 200 after the database came back.
    let recoveredAt: number | undefined;
    while (!recoveredAt && Date.now() - returnedAt < RECOVERY_LIMIT_MS + 5_000) {
      await sleep(100);
      recoveredAt = answers.find((a) => a.phase === 'back' && a.path.startsWith('/api') && a.status === 200)?.at;
    }
    await sleep(1_500);
    running = false;
    await Promise.all([...clients, probe]);

    const summary = (list: Answer[]) =>
      Object.entries(
        list.reduce<Record<string, number>>((counts, a) => {
          const key = `${a.phase} ${a.path.startsWith('/api') ? 'list' : 'readyz'} ${a.status}`;
          counts[key] = (counts[key] ?? 0) + 1;
          return counts;
        }, {}),
      );
    console.info(
      `answers: ${JSON.stringify(summary(answers))}; recovered ${recoveredAt ? recoveredAt - returnedAt : 'never'} ms ` +
        `after the database returned; slowest answer ${Math.max(...answers.map((a) => a.ms))} ms`,
    );

    // Never a 500 or a hang: every answer is 200 or 503, and every 503 says when to try again.
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    expect(answers.filter((a) => a.status === 503 && !/^\d+$/.test(a.retryAfter ?? ''))).toEqual([]);
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(REQUEST_LIMIT_MS);
    // While it is down nothing succeeds, and the readiness probe says so.
    const down = answers.filter((a) => a.phase === 'down');
    expect(down.some((a) => a.path === '/readyz')).toBe(true);
    expect(down.some((a) => a.path.startsWith('/api'))).toBe(true);
    expect(down.filter((a) => a.status !== 503)).toEqual([]);
    // Back without restarting the API, within the limit, and ready again.
    expect(api.child.exitCode).toBeNull();
    expect(recoveredAt).toBeDefined();
    expect(recoveredAt! - returnedAt).toBeLessThan(RECOVERY_LIMIT_MS);
    expect((await fetch(`${baseUrl}/readyz`)).status).toBe(200);
    const after = answers.filter((a) => a.phase === 'back' && a.at > recoveredAt! + 500);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((a) => a.status !== 200)).toEqual([]);

    // The job worker lived through the outage: a message queued now is delivered to the outbox.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const inserted = await client.query<{ id: string }>(
        `insert into mail_messages (message_id, template, to_address, subject, html, text)
         values ('<outage@ledgerport.test>', 'invitation', 'outage@example.com', 'After the outage', '<p>hi</p>', 'hi')
         returning id`,
      );
      const mailId = Number(inserted.rows[0]!.id);
      await client.query(`insert into jobs (type, payload, dedupe_key) values ('mail.deliver', $1, $2)`, [
        JSON.stringify({ mailId }),
        `mail:${mailId}`,
      ]);
      let status = 'queued';
      for (let waited = 0; status !== 'kept' && waited < 20_000; waited += 250) {
        await sleep(250);
        status = (await client.query<{ status: string }>('select status from mail_messages where id = $1', [mailId]))
          .rows[0]!.status;
      }
      expect(status).toBe('kept');

      // The bell stayed open through the outage, and its process LISTENs again: a notification another
      // process's worker makes now (its row and its NOTIFY, committed together) reaches it.
      expect(bell.ended()).toBe(false);
      await client.query('begin');
      await client.query(
        `insert into notifications (recipient_user_id, kind, title, event_key, email_delivery)
         select id, 'documentUploaded', 'After the outage', 'outage', 'dailyDigest' from users
          where email_address = 'b1g1_admin@gmail.com'`,
      );
      await client.query(
        `select pg_notify('ledgerport_notifications', id::text) from users where email_address = 'b1g1_admin@gmail.com'`,
      );
      await client.query('commit');
      // The listener reconnects with backoff (at most 30 s apart) and reads the count again when it does.
      await bell.until(/"unreadCount":1/, 40_000);
    } finally {
      bell.close();
      await client.end();
    }
  });
});

/** A notification stream read in the background, as the web app's bell reads it. */
async function openBell(baseUrl: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/v1/identity/users/me/notifications/stream`, {
    headers,
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  let text = '';
  let ended = false;
  void (async () => {
    try {
      for await (const chunk of response.body!.pipeThrough(new TextDecoderStream())) text += chunk;
    } catch {
      // Aborted at the end of the test.
    }
    ended = true;
  })();
  return {
    ended: () => ended,
    async until(pattern: RegExp, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(text)) {
        if (ended || Date.now() > deadline) throw new Error(`The bell never showed ${pattern}: ${text}`);
        await sleep(100);
      }
    },
    close: () => controller.abort(),
  };
}
