import http, { type ClientRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ListenHandlers } from '../../../db/listen.js';
import { notifications, users } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { buildApp, type App } from '../../../app.js';
import { pdfBytes } from '../../../testing/documents-factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { multipartBody, otherDocumentsTagId } from '../../documents/__tests__/multipart.js';
import { createNotificationHub, MAX_STREAMS_PER_USER, openUnreadStream } from '../notification-stream.js';
import { setUpNotificationWorld, type NotificationWorld } from './notifications-fixtures.js';

/*
 * The live count (issue 22 item 2; docs/notifications.md) over real HTTP, read as the web app reads
 * it (fetch and a stream reader, the bearer token in a header). Two app instances share one database,
 * each with its own listener, as two API processes would: what one does reaches a stream on the other
 * through LISTEN/NOTIFY (PGlite's own listen in the embedded default, PostgreSQL's with
 * TEST_DATABASE_URL). Pings every second here (NOTIFICATION_STREAM_PING_SECONDS), 20 s by default.
 */

const STREAM = '/api/v1/identity/users/me/notifications/stream';

type Message = { event: string; data: string } | { comment: string };

interface OpenStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** The next message matching `wanted`, waiting at most `ms`. */
  next(wanted: (message: Message) => boolean, ms?: number): Promise<Message>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** A stream read over its own connection, as a browser tab holds one; `close` hangs up. */
async function openStream(baseUrl: string, session: SignedIn): Promise<OpenStream> {
  const queue: Message[] = [];
  const waiters: Array<() => void> = [];
  const wake = () => waiters.splice(0).forEach((waiter) => waiter());
  let ends = false;
  let endedResolve!: () => void;
  const ended = new Promise<void>((resolve) => (endedResolve = resolve)).then(() => {
    ends = true;
    wake();
  });
  const { request, response } = await new Promise<{ request: ClientRequest; response: IncomingMessage }>(
    (resolve, reject) => {
      const request = http.get(`${baseUrl}${STREAM}`, { headers: bearer(session), agent: false }, (response) =>
        resolve({ request, response }),
      );
      request.on('error', reject);
    },
  );
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.startsWith(':')) queue.push({ comment: block.slice(1).trim() });
      else {
        const field = (name: string) =>
          block
            .split('\n')
            .find((line) => line.startsWith(`${name}: `))
            ?.slice(name.length + 2) ?? '';
        queue.push({ event: field('event'), data: field('data') });
      }
    }
    wake();
  });
  response.on('close', () => endedResolve());
  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    async next(wanted, ms = 1000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const index = queue.findIndex(wanted);
        if (index >= 0) return queue.splice(0, index + 1).pop()!;
        if (ends) throw new Error('The stream ended.');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No such message within ${ms} ms; got ${JSON.stringify(queue)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    ended,
    close: () => request.destroy(),
  };
}

const unread = (count: number) => (message: Message) =>
  'event' in message && message.event === 'unread' && JSON.parse(message.data).unreadCount === count;

let t: TestApp;
/** A second instance on the same database: another API process's worth (its own listener). */
let other: App;
let baseUrl: string;
let world: NotificationWorld;
let otherDocuments: number;

function uploadThroughOther(session: SignedIn, fileName: string) {
  const { payload, headers } = multipartBody([
    { name: 'ServiceId', value: world.tax },
    { name: 'Tags', value: otherDocuments },
    { name: 'Files', fileName, content: pdfBytes(fileName) },
  ]);
  return other.inject({
    method: 'POST',
    url: '/api/v1/document/documents/my-upload',
    payload,
    headers: { ...headers, ...bearer(session) },
  });
}

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000', NOTIFICATION_STREAM_PING_SECONDS: '1' });
  await seedDemoFirm(t.database.db);
  world = await setUpNotificationWorld(t);
  otherDocuments = await otherDocumentsTagId(t.database.db);
  other = await buildApp({ database: t.database, config: t.config, logger: false });
  await other.ready();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await other.close();
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(notifications);
});

describe('GET identity/users/me/notifications/stream', () => {
  it('answers 401 without a token, like every call', async () => {
    const response = await t.app.inject({ method: 'GET', url: STREAM });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBeDefined();
  });

  it('sends the count on connect, then each change made by another instance within a second', async () => {
    const stream = await openStream(baseUrl, world.advisor.session);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers['cache-control']).toBe('no-store');
      // Helmet's headers, as on every answer.
      expect(stream.headers['x-content-type-options']).toBe('nosniff');
      await stream.next(unread(0));

      // The owner uploads through the other instance, whose worker makes the advisor's notification.
      expect((await uploadThroughOther(world.owner.session, 'W-2.pdf')).statusCode).toBe(201);
      await other.worker.drain();
      const delivered = Date.now();
      await stream.next(unread(1));
      expect(Date.now() - delivered).toBeLessThan(1000);

      // Read on the other instance (another tab): the count goes down here too.
      const [row] = await t.database.db.select({ id: notifications.id }).from(notifications);
      const read = await other.inject({
        method: 'PUT',
        url: `/api/v1/identity/users/me/notifications/${row!.id}/read`,
        headers: bearer(world.advisor.session),
      });
      expect(read.json()).toEqual({ unreadCount: 0 });
      await stream.next(unread(0));
    } finally {
      stream.close();
    }
  });

  it("tells only the people concerned, and carries no text: someone else's change sends nothing", async () => {
    const mine = await openStream(baseUrl, world.follower.session);
    const bystander = await openStream(baseUrl, world.outsiderStaff.session);
    try {
      await mine.next(unread(0));
      await bystander.next(unread(0));
      expect((await uploadThroughOther(world.owner.session, 'Receipt.pdf')).statusCode).toBe(201);
      await other.worker.drain();
      const event = await mine.next(unread(1));
      expect(event).toEqual({ event: 'unread', data: '{"unreadCount":1}' });
      // The bystander hears only pings.
      await expect(bystander.next((message) => 'event' in message, 1500)).rejects.toThrow(/No such message/);
    } finally {
      mine.close();
      bystander.close();
    }
  });

  it('pings, and ends at the next ping once the session is signed out', async () => {
    const session = await signIn(t.app, ...(await credentialsOf(world.taxCollaborator.userId)));
    const stream = await openStream(baseUrl, session);
    try {
      await stream.next(unread(0));
      expect(await stream.next((message) => 'comment' in message, 1500)).toEqual({ comment: 'ping' });
      const logout = await other.inject({
        method: 'POST',
        url: '/api/v1/authentication/account/logout',
        headers: bearer(session),
      });
      expect(logout.statusCode).toBeLessThan(300);
      const signedOut = Date.now();
      await stream.ended;
      expect(Date.now() - signedOut).toBeLessThan(2500);
    } finally {
      stream.close();
    }
  });

  it('ends when an administrator revokes the session from the sessions screen', async () => {
    const session = await signIn(t.app, ...(await credentialsOf(world.bookkeepingCollaborator.userId)));
    const stream = await openStream(baseUrl, session);
    try {
      await stream.next(unread(0));
      const sessions = await t.app.inject({
        method: 'GET',
        url: `/api/v1/identity/users/${world.bookkeepingCollaborator.userId}/sessions`,
        headers: bearer(world.admin.session),
      });
      expect(sessions.statusCode, sessions.body).toBe(200);
      const revoked = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/identity/users/${world.bookkeepingCollaborator.userId}/sessions`,
        headers: bearer(world.admin.session),
      });
      expect(revoked.statusCode, revoked.body).toBeLessThan(300);
      await stream.ended;
    } finally {
      stream.close();
    }
  });

  it('a burst of changes ends on the true count', async () => {
    const stream = await openStream(baseUrl, world.advisor.session);
    try {
      await stream.next(unread(0));
      for (let i = 0; i < 5; i++) {
        expect((await uploadThroughOther(world.owner.session, `Burst ${i}.pdf`)).statusCode).toBe(201);
      }
      // Five jobs, five commits, five NOTIFYs in quick succession: counts read meanwhile may be
      // skipped, never the last one.
      await other.worker.drain();
      await stream.next(unread(5));
    } finally {
      stream.close();
    }
  });
});

describe('secure conversations on the stream (issue 23 item 4)', () => {
  const CONVERSATIONS = '/api/v1/document/conversations';
  const conversationEvent = (id: number | null) => (message: Message) =>
    'event' in message && message.event === 'conversation' && JSON.parse(message.data).conversationId === id;
  const anyConversationEvent = (message: Message) => 'event' in message && message.event === 'conversation';

  it('tells every stream allowed to see a conversation that it changed, across processes, and nobody else', async () => {
    // The outsider neither advises nor follows the client: no notification reaches them, the signal does.
    const staff = await openStream(baseUrl, world.outsiderStaff.session);
    const owner = await openStream(baseUrl, world.owner.session);
    const otherClient = await openStream(baseUrl, world.ownerB.session);
    try {
      await Promise.all([staff, owner, otherClient].map((stream) => stream.next(unread(0))));
      const started = await other.inject({
        method: 'POST',
        url: CONVERSATIONS,
        headers: bearer(world.owner.session),
        payload: { subject: 'Payroll question', html: '<p>Is the payroll filed?</p>' },
      });
      expect(started.statusCode).toBe(201);
      const id = started.json<{ id: number }>().id;
      const sent = Date.now();
      await staff.next(conversationEvent(id));
      expect(Date.now() - sent).toBeLessThan(1000);
      // The author's own other tabs follow too.
      await owner.next(conversationEvent(id));

      // An internal note is the firm's alone: the client's people hear nothing of it.
      const note = await other.inject({
        method: 'POST',
        url: `${CONVERSATIONS}/${id}/messages`,
        headers: bearer(world.admin.session),
        payload: { html: '<p>Check the W-2 first.</p>', isInternalNote: true },
      });
      expect(note.statusCode).toBe(201);
      await staff.next(conversationEvent(id));
      // Closing is seen by both sides again.
      const closed = await other.inject({
        method: 'PUT',
        url: `${CONVERSATIONS}/${id}`,
        headers: bearer(world.admin.session),
        payload: { status: 'closed' },
      });
      expect(closed.statusCode).toBe(200);
      await staff.next(conversationEvent(id));
      const next = await owner.next(anyConversationEvent);
      expect(next).toEqual({ event: 'conversation', data: JSON.stringify({ conversationId: id }) });
      await expect(owner.next(anyConversationEvent, 500)).rejects.toThrow(/No such message/);
      // Another client's owner hears of none of it.
      await expect(otherClient.next(anyConversationEvent, 500)).rejects.toThrow(/No such message/);
    } finally {
      staff.close();
      owner.close();
      otherClient.close();
    }
  });
});

describe('streams per user', () => {
  it('ends the oldest of a user’s streams when one more than the cap opens, and the new one works', async () => {
    const streams: OpenStream[] = [];
    try {
      for (let n = 0; n < MAX_STREAMS_PER_USER; n++) {
        const stream = await openStream(baseUrl, world.follower.session);
        await stream.next(unread(0));
        streams.push(stream);
      }
      const newest = await openStream(baseUrl, world.follower.session);
      streams.push(newest);
      expect(newest.status).toBe(200);
      await newest.next(unread(0));
      await streams[0]!.ended;
      // Another user's stream is no part of the follower's count.
      const others = await openStream(baseUrl, world.advisor.session);
      streams.push(others);
      await others.next(unread(0));

      // The other ten still hear: a notification reaches the newest and the second oldest.
      expect((await uploadThroughOther(world.owner.session, 'Capped.pdf')).statusCode).toBe(201);
      await other.worker.drain();
      await newest.next(unread(1));
      await streams[1]!.next(unread(1));
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});

describe('a count that fails', () => {
  /** A hub whose listener the test drives, and the stream's events as they are written. */
  async function streamOn(unreadCount: () => Promise<number>) {
    let handlers!: ListenHandlers;
    const hub = createNotificationHub({
      listen: async (_channel, given) => {
        handlers = given;
        return { close: async () => undefined };
      },
      logger: { warn: () => undefined },
      conversationAudience: async () => [],
    });
    const stream = await openUnreadStream({
      hub,
      userId: 7,
      unreadCount,
      sessionIsLive: async () => true,
      pingMs: 60_000,
      logger: { warn: () => undefined },
      recountRetryMs: [20, 40, 80],
    });
    const counts: number[] = [];
    stream.on('data', (chunk: Buffer) => {
      for (const match of chunk.toString().matchAll(/"unreadCount":(\d+)/g)) counts.push(Number(match[1]));
    });
    return { counts, reconnect: () => handlers.onReconnect!(), close: () => hub.close() };
  }

  const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  async function until(done: () => boolean, ms = 2000): Promise<void> {
    for (const deadline = Date.now() + ms; !done(); await settle(10)) {
      if (Date.now() > deadline) throw new Error(`Not within ${ms} ms`);
    }
  }

  it('is tried again shortly, so the count after a reconnect is not left stale', async () => {
    // The database: 0 on connect, away twice just after the reconnect, then 3.
    const answers: Array<number | Error> = [0, new Error('away'), new Error('away'), 3];
    const { counts, reconnect, close } = await streamOn(async () => {
      const answer = answers.shift() ?? 3;
      if (answer instanceof Error) throw answer;
      return answer;
    });
    try {
      reconnect();
      await until(() => counts.length === 2);
      expect(counts).toEqual([0, 3]);
    } finally {
      await close();
    }
  });

  it('is tried a few times only while the database stays away', async () => {
    let calls = 0;
    const { counts, reconnect, close } = await streamOn(async () => {
      calls += 1;
      if (calls > 1) throw new Error('away');
      return 0;
    });
    try {
      reconnect();
      // The first count, the one after the reconnect and three more tries; then no more.
      await until(() => calls === 5);
      await settle(300);
      expect(calls).toBe(5);
      expect(counts).toEqual([0]);
    } finally {
      await close();
    }
  });
});

describe('conversation signals in one process', () => {
  it('asks who may hear a burst of signals once, tells only them, and survives a failed question', async () => {
    let handlers!: ListenHandlers;
    const asked: Array<Array<{ conversationId: number; staffOnly: boolean }>> = [];
    let fail = false;
    const warnings: string[] = [];
    const hub = createNotificationHub({
      listen: async (_channel, given) => {
        handlers = given;
        return { close: async () => undefined };
      },
      logger: { warn: (_details: unknown, message?: string) => void warnings.push(message ?? '') },
      conversationAudience: async ({ conversations, candidates }) => {
        asked.push([...conversations]);
        if (fail) throw new Error('database away');
        // User 7 may see the even conversations only.
        return conversations.map(({ conversationId }) => ({
          conversationId,
          userIds: conversationId % 2 === 0 ? candidates.filter((id) => id === 7) : [],
        }));
      },
    });
    const stream = await openUnreadStream({
      hub,
      userId: 7,
      unreadCount: async () => 0,
      sessionIsLive: async () => true,
      pingMs: 60_000,
      logger: { warn: () => undefined },
    });
    const told: number[] = [];
    stream.on('data', (chunk: Buffer) => {
      for (const match of chunk.toString().matchAll(/"conversationId":(\d+)/g)) told.push(Number(match[1]));
    });
    try {
      for (let id = 1; id <= 50; id += 1) handlers.onPayload(`c${id}`);
      // A note and a message in one conversation: not the firm's alone.
      handlers.onPayload('c60:s');
      handlers.onPayload('c60');
      await vi.waitFor(() => expect(told).toHaveLength(26));
      expect(asked).toHaveLength(1);
      expect(asked[0]).toHaveLength(51);
      expect(asked[0]!.find((c) => c.conversationId === 60)).toEqual({ conversationId: 60, staffOnly: false });
      expect(told.every((id) => id % 2 === 0)).toBe(true);

      fail = true;
      handlers.onPayload('c2');
      await vi.waitFor(() => expect(warnings).toContain('conversation signal failed'));
      fail = false;
      handlers.onPayload('c4');
      await vi.waitFor(() => expect(told.at(-1)).toBe(4));
    } finally {
      stream.destroy();
      await hub.close();
    }
  });
});

describe('shutting down', () => {
  it('ends open streams when the server closes, so the close does not wait for them', async () => {
    const instance = await buildApp({ database: t.database, config: t.config, logger: false });
    const url = await instance.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(url, world.owner.session);
    await stream.next(unread(0));
    const started = Date.now();
    await instance.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

async function credentialsOf(userId: number): Promise<[string, string]> {
  const [row] = await t.database.db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  // createUser's default password (testing/factories.ts).
  return [row!.username, 'Secret1'];
}
