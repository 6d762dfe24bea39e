import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../testing/test-app.js';
import type { Database } from '../client.js';
import { listenOnServer, type Listening } from '../listen.js';

/*
 * The LISTEN connection (db/listen.ts; docs/notifications.md#the-live-count). On PostgreSQL
 * (TEST_DATABASE_URL) it must come back by itself from a backend that was killed and from a
 * connection that went silent (a NAT or a failover forgetting it: nothing arrives, nothing closes),
 * say so through onReconnect, and hear what is notified afterwards. PGlite is one process with no
 * network between it and itself: its listener is PGlite's own and has nothing to lose.
 */

const serverUrl = process.env.TEST_DATABASE_URL;

/** Waits until `done()` holds, checking every 20 ms, at most `ms`. */
async function until(done: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`Not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function recorder() {
  const heard: string[] = [];
  let reconnects = 0;
  return {
    heard,
    reconnects: () => reconnects,
    handlers: { onPayload: (payload: string) => void heard.push(payload), onReconnect: () => void (reconnects += 1) },
  };
}

describe("the database's listen (PGlite's own in the embedded default)", () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(() => drop());

  it('hears what a transaction notifies once it commits, nothing of one rolled back, and nothing after close', async () => {
    const { heard, handlers } = recorder();
    const listening = await database.listen('listen_test', handlers);
    const notify = (payload: string) => database.db.execute(sql`select pg_notify('listen_test', ${payload})`);
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('listen_test', 'rolled back')`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await notify('1,2');
    await until(() => heard.length === 1);
    expect(heard).toEqual(['1,2']);
    await listening.close();
    await notify('3');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual(['1,2']);
  });
});

describe.runIf(serverUrl)('PostgreSQL', () => {
  // A channel of this run's own: the server's database is shared with whatever else runs.
  const channel = `listen_test_${randomBytes(4).toString('hex')}`;
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
  });
  afterAll(() => admin.end());

  const notify = (payload: string) => admin.query('select pg_notify($1, $2)', [channel, payload]);

  it('comes back after its backend is terminated, says so, and hears what is notified afterwards', async () => {
    const { heard, reconnects, handlers } = recorder();
    const listening = await listenOnServer(serverUrl!, channel, handlers);
    try {
      await notify('before');
      await until(() => heard.includes('before'));
      const killed = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'ledgerport listener' and query = $1`,
        [`listen ${channel}`],
      );
      expect(killed.rowCount).toBe(1);
      await until(() => reconnects() === 1);
      await notify('after');
      await until(() => heard.includes('after'), 1000);
    } finally {
      await listening.close();
    }
  });

  it('finds a connection that went silent by its health check, reconnects, says so, and hears again', async () => {
    const proxy = await startProxy(new URL(serverUrl!));
    const { heard, reconnects, handlers } = recorder();
    const listening = await listenOnServer(proxy.url(serverUrl!), channel, handlers, {
      checkEveryMs: 200,
      timeoutMs: 500,
    });
    try {
      await notify('before');
      await until(() => heard.includes('before'));
      // The connection stays open at both ends while nothing passes: no error, no close, no end.
      proxy.silenceOpenConnections();
      await notify('unheard');
      await until(() => reconnects() === 1);
      await notify('after');
      await until(() => heard.includes('after'), 1000);
    } finally {
      await listening.close();
      await proxy.close();
    }
  });

  it('closes without waiting on a silent connection', async () => {
    const proxy = await startProxy(new URL(serverUrl!));
    let listening: Listening | undefined;
    try {
      listening = await listenOnServer(proxy.url(serverUrl!), channel, recorder().handlers, {
        checkEveryMs: 100,
        timeoutMs: 60_000,
      });
      proxy.silenceOpenConnections();
      // A check is now waiting on the dead connection.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = Date.now();
      await listening.close();
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await proxy.close();
    }
  });
});

/**
 * A TCP relay to the database. `silenceOpenConnections` stops relaying on the connections open at
 * that moment without closing them, as a NAT that forgot them would; new connections relay as usual.
 */
async function startProxy(target: URL) {
  const open = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const pair = { client, upstream };
    open.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    const drop = () => {
      open.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const silenced: Array<{ client: net.Socket; upstream: net.Socket }> = [];
  return {
    url(original: string): string {
      const url = new URL(original);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    silenceOpenConnections(): void {
      for (const pair of open) {
        pair.client.unpipe(pair.upstream);
        pair.upstream.unpipe(pair.client);
        pair.client.pause();
        pair.upstream.pause();
        silenced.push(pair);
      }
      open.clear();
    },
    async close(): Promise<void> {
      for (const { client, upstream } of [...open, ...silenced]) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
