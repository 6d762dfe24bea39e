import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../src/testing/smtp.js';
import { createDatabase, startApi, type ApiProcess } from './support/api-processes.js';

/**
 * Issue 12 item 4: two `npm start` processes behind one load balancer share one PostgreSQL database
 * and one S3-compatible store, so whichever process answers a request, the user sees one system:
 * sessions, files, sign-in throttling, background jobs and share links all cross processes.
 * See docs/deployment.md.
 */

const SERVER_URL = process.env.MULTI_PROCESS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BUCKET = 'ledgerport-multi';
const MAX_FAILURES_PER_ACCOUNT = 4;
const API = '/api/v1';

let tempDir: string;
let s3rver: S3rver;
let smtp: TestSmtpServer;
let database: { url: string; drop: () => Promise<void> };
let sql: pg.Client;
const processes: ApiProcess[] = [];
let one: ApiProcess;
let two: ApiProcess;

beforeAll(async () => {
  tempDir = await mkdtemp(path.join(tmpdir(), 'ledgerport-multi-'));
  s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(tempDir, 's3'),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port: s3Port } = await s3rver.run();
  smtp = await startSmtpServer();
  database = await createDatabase(SERVER_URL, 'ledgerport_multi');
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();

  // What every process of one deployment shares: the database, the store, the secrets, the public URL.
  const shared = {
    NODE_ENV: 'production',
    // No Stripe or Plaid here: the built-in test drivers, on purpose (issue 17 item 7).
    ALLOW_TEST_MODE: 'true',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '5',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
    APP_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
    STORAGE_DRIVER: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    SMTP_URL: smtp.url,
    APP_URL: 'https://portal.example',
    SEED_DEMO: 'true',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: String(MAX_FAILURES_PER_ACCOUNT),
  };
  // Both start at once on the empty database: the start-up lock lets one migrate and seed while the
  // other waits, then finds everything in place (a rolling deploy starts processes together too).
  const started = await Promise.allSettled(
    ['api-1', 'api-2'].map((name) => startApi(name, { ...shared, DATA_DIR: path.join(tempDir, name) })),
  );
  for (const result of started) if (result.status === 'fulfilled') processes.push(result.value);
  for (const result of started) if (result.status === 'rejected') throw result.reason;
  [one, two] = processes as [ApiProcess, ApiProcess];
}, 180_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await sql?.end();
  await database?.drop();
  await smtp?.close();
  await s3rver?.close();
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Headers;
  body: Buffer;
  json<T = Record<string, unknown>>(): T;
}

async function call(
  target: ApiProcess,
  method: string,
  url: string,
  options: { token?: string; json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  const response = await fetch(`${target.baseUrl}${url}`, { method, headers, body });
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    headers: response.headers,
    body: bytes,
    json: <T>() => JSON.parse(bytes.toString('utf8')) as T,
  };
}

interface Session {
  accessToken: string;
  refreshToken: string;
}

async function signIn(target: ApiProcess, login: string, password: string): Promise<Session> {
  const answer = await call(target, 'POST', `${API}/authentication/account/authenticate`, {
    json: { usernameOrEmailAddress: login, password },
  });
  const body = answer.json<{ resultType: number; user: { jwtToken: Session } }>();
  if (body.resultType !== 1) throw new Error(`Sign-in on ${target.name} failed: ${answer.body.toString()}`);
  return body.user.jwtToken;
}

const refreshCookie = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((cookie) => /^lp_rt=([^;]+)/.exec(cookie)?.[1])
    .find(Boolean);

/** A small valid PDF whose bytes are unique to this run (the upload checks the type on content). */
function uniquePdf(): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n% ${randomBytes(2048).toString('base64')}\n` +
      `trailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Uploads a fresh PDF for a demo client through `target`; returns its document id and bytes. */
async function uploadThrough(target: ApiProcess, token: string) {
  const { rows } = await sql.query<{ client_id: number; service_id: number; tag_id: number }>(`
    select cs.client_id, cs.service_id,
      (select t.id from tags t join tag_groups g on g.id = t.tag_group_id
        where t.name = 'other-documents' and g.is_main_tag_group) as tag_id
    from client_services cs order by cs.client_id, cs.service_id limit 1`);
  const ids = rows[0]!;
  const content = uniquePdf();
  const form = new FormData();
  form.append('ClientId', String(ids.client_id));
  form.append('ServiceId', String(ids.service_id));
  form.append('Tags', String(ids.tag_id));
  form.append('Files', new Blob([new Uint8Array(content)], { type: 'application/pdf' }), 'Multi-process.pdf');
  const answer = await call(target, 'POST', `${API}/document/documents/my-upload`, { token, form });
  expect(answer.status, answer.body.toString()).toBe(201);
  const { documents } = answer.json<{ documents: Array<{ id: number }> }>();
  return { id: documents[0]!.id, content };
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('two API processes on one database and one object store', () => {
  it('both processes answer ready, on different ports', async () => {
    expect(one.baseUrl).not.toBe(two.baseUrl);
    for (const target of processes) expect((await call(target, 'GET', '/readyz')).status, target.output()).toBe(200);
  });

  it('keeps a session across processes: sign in on one, call, refresh and sign out on the other', async () => {
    const session = await signIn(one, 'b1g1_admin@gmail.com', 'Group1');
    const me = await call(two, 'GET', `${API}/identity/users/me`, { token: session.accessToken });
    expect(me.status).toBe(200);
    expect(me.json()).toMatchObject({ emailAddress: 'b1g1_admin@gmail.com' });

    // The browser's refresh cookie, issued by one, spent on two.
    const refreshed = await call(two, 'GET', `${API}/authentication/account/refresh-jwt-tokens`, {
      headers: { cookie: `lp_rt=${session.refreshToken}` },
    });
    expect(refreshed.status, refreshed.body.toString()).toBe(200);
    const next = { accessToken: refreshed.json<Session>().accessToken, refreshToken: refreshCookie(refreshed.headers) };
    expect(next.refreshToken).toBeTruthy();
    // Spent on two, so refused on one: the token's single use is recorded in the shared database.
    const replayed = await call(one, 'GET', `${API}/authentication/account/refresh-jwt-tokens`, {
      headers: { 'x-refresh-token': session.refreshToken },
    });
    expect(replayed.status).toBe(401);

    const fresh = await signIn(two, 'b1g1_employee@gmail.com', 'Group1');
    expect((await call(one, 'GET', `${API}/identity/users/me`, { token: fresh.accessToken })).status).toBe(200);
    expect((await call(one, 'POST', `${API}/authentication/account/logout`, { token: fresh.accessToken })).status).toBe(
      204,
    );
    // Signed out on one: the access token stops working on two at once.
    expect((await call(two, 'GET', `${API}/identity/users/me`, { token: fresh.accessToken })).status).toBe(401);
  });

  it('serves a document uploaded through one process from the other, byte for byte', async () => {
    const { accessToken } = await signIn(one, 'b1g1_admin@gmail.com', 'Group1');
    const { id, content } = await uploadThrough(one, accessToken);
    const download = await call(two, 'GET', `${API}/document/documents/${id}/download`, { token: accessToken });
    expect(download.status, download.body.toString()).toBe(200);
    expect(sha256(download.body)).toBe(sha256(content));
    expect(download.body.length).toBe(content.length);
  });

  it('counts failed sign-ins of both processes against one limit', async () => {
    const login = 'b1g2_client@gmail.com';
    const fail = (target: ApiProcess) =>
      call(target, 'POST', `${API}/authentication/account/authenticate`, {
        json: { usernameOrEmailAddress: login, password: 'Wrong999' },
      });
    // Half the allowed failures on each process: neither alone reaches the limit.
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      const answer = await fail(i % 2 === 0 ? one : two);
      expect(answer.status).toBe(200);
      expect(answer.json().resultType).toBe(2);
    }
    for (const target of processes) {
      const blocked = await call(target, 'POST', `${API}/authentication/account/authenticate`, {
        json: { usernameOrEmailAddress: login, password: 'Group2' },
      });
      expect(blocked.status, target.name).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('runs each mail job on exactly one process, and a share link made on one opens on the other', async () => {
    const { accessToken } = await signIn(one, 'b1g1_admin@gmail.com', 'Group1');
    const { id, content } = await uploadThrough(two, accessToken);
    const recipients = Array.from(
      { length: 12 },
      (_, i) => `outsider-${i}-${randomBytes(3).toString('hex')}@elsewhere.example`,
    );
    const before = smtp.received.length;
    // Shares made through both processes; both workers poll the same jobs table for the e-mails.
    await Promise.all(
      recipients.map(async (recipientEmailAddress, i) => {
        const answer = await call(i % 2 === 0 ? one : two, 'POST', `${API}/document/documents/${id}/share`, {
          token: accessToken,
          json: { recipientEmailAddress },
        });
        expect(answer.status, answer.body.toString()).toBe(201);
      }),
    );
    const isOurs = (to: string) => recipients.includes(to);
    const delivered = () =>
      smtp.received
        .slice(before)
        .flatMap((mail) => (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []))
        .flatMap((to) => to.value.map((address) => address.address ?? ''))
        .filter(isOurs);
    await until('the share e-mails', () => (delivered().length >= recipients.length ? true : undefined));
    // Two more poll rounds of both workers: a job run twice would show up as a second message.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(delivered().sort()).toEqual([...recipients].sort());

    // Each delivery job ran once: done on its first attempt, no second claim by the other process.
    const { rows: mailJobs } = await sql.query<{ status: string; attempts: number }>(
      `select j.status, j.attempts from jobs j
        join mail_messages m on m.id = (j.payload->>'mailId')::bigint
        where j.type = 'mail.deliver' and m.to_address = any($1::text[])`,
      [recipients],
    );
    expect(mailJobs).toEqual(recipients.map(() => ({ status: 'done', attempts: 1 })));

    // The link from one e-mail (made by whichever process took the share) opens on both processes.
    const mail = smtp.received.slice(before).find((m) => m.text?.includes('/shared-documents/'));
    const token = /\/shared-documents\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    for (const target of processes) {
      const shared = await call(target, 'GET', `${API}/document/shared/${token}`);
      expect(shared.status, target.name).toBe(200);
      const file = await call(target, 'GET', `${API}/document/shared/${token}/download`);
      expect(file.status, target.name).toBe(200);
      expect(sha256(file.body)).toBe(sha256(content));
    }
  });

  it("counts a notification made by one process's worker on a bell streamed from the other, within seconds", async () => {
    // The demo advisor watches the bell on process one; the client they advise uploads through two.
    const advisor = await signIn(one, 'b1g1_advisor@gmail.com', 'Group1');
    const client = await signIn(two, 'b1g1_client@gmail.com', 'Group1');
    const { rows } = await sql.query<{ id: number; service_id: number; tag_id: number }>(`
      select c.id, s.id as service_id,
        (select t.id from tags t join tag_groups g on g.id = t.tag_group_id
          where t.name = 'other-documents' and g.is_main_tag_group) as tag_id
      from clients c join users u on u.id = c.owner_user_id join services s on s.name = 'tax'
      where u.email_address = 'b1g1_client@gmail.com' and c.client_type = 1`);
    const business = rows[0]!;
    const current = await call(two, 'PUT', `${API}/document/users/me/clients/current`, {
      token: client.accessToken,
      json: { clientId: business.id },
    });
    expect(current.status, current.body.toString()).toBe(200);

    const stream = await fetch(`${one.baseUrl}${API}/identity/users/me/notifications/stream`, {
      headers: { authorization: `Bearer ${advisor.accessToken}` },
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    const counts = () =>
      [...received.matchAll(/event: unread\ndata: \{"unreadCount":(\d+)\}/g)].map((m) => Number(m[1]));
    const readUntil = async (done: () => boolean, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (!done()) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No such event in ${timeoutMs} ms; received: ${received}`);
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
        ]);
        if (chunk === null) continue;
        if (chunk.done) throw new Error(`The stream ended; received: ${received}`);
        received += chunk.value;
      }
    };
    try {
      await readUntil(() => counts().length > 0, 5_000);
      const before = counts()[0]!;

      const form = new FormData();
      form.append('ServiceId', String(business.service_id));
      form.append('Tags', String(business.tag_id));
      form.append('Files', new Blob([new Uint8Array(uniquePdf())], { type: 'application/pdf' }), 'From two.pdf');
      const uploaded = await call(two, 'POST', `${API}/document/documents/my-upload`, {
        token: client.accessToken,
        form,
      });
      expect(uploaded.status, uploaded.body.toString()).toBe(201);
      const sent = Date.now();
      // Either process's worker makes the notification (they poll every second); the NOTIFY of its
      // commit reaches process one's listener.
      await readUntil(() => counts().includes(before + 1), 10_000);
      expect(Date.now() - sent).toBeLessThan(5_000);
      const { rows: made } = await sql.query<{ n: number }>(
        `select count(*)::int as n from notifications n join users u on u.id = n.recipient_user_id
          where u.email_address = 'b1g1_advisor@gmail.com' and n.title = $1`,
        ['Batch1 Group1 LLC uploaded From two'],
      );
      expect(made[0]!.n).toBe(1);
    } finally {
      await reader.cancel().catch(() => undefined);
    }
  });
});
