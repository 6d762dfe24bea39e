import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * PostgreSQL LISTEN on a channel, for fan-out across API processes (docs/notifications.md): a
 * transaction that changes something others wait for runs `pg_notify(channel, payload)`, and every
 * process listening on the channel hears it once the transaction commits.
 */
export interface ListenHandlers {
  onPayload: (payload: string) => void;
  /**
   * The connection was lost and is back: notifications sent meanwhile were missed, so whatever the
   * listener keeps up to date must be read afresh.
   */
  onReconnect?: () => void;
}

export interface Listening {
  close(): Promise<void>;
}

/** LISTEN takes an identifier, not a parameter: only plain names are accepted. */
function assertChannel(channel: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
}

/** PGlite is one process: its own listen API hears the notifications of its own transactions. */
export async function listenOnPglite(client: PGlite, channel: string, handlers: ListenHandlers): Promise<Listening> {
  assertChannel(channel);
  const unlisten = await client.listen(channel, handlers.onPayload);
  return {
    close: async () => {
      // A closed PGlite has nothing left to unlisten.
      if (!client.closed) await unlisten();
    },
  };
}

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * A connection of its own, outside the pool (a pooled connection goes back to the pool and would stop
 * hearing). When it breaks (the server restarted, a network cut) it reconnects with backoff and says
 * so through `onReconnect`; while it is down the listener simply hears nothing. The first connection
 * is awaited, but a failure there is no error either: it keeps trying in the background.
 */
export async function listenOnServer(url: string, channel: string, handlers: ListenHandlers): Promise<Listening> {
  assertChannel(channel);
  let closed = false;
  let current: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MIN_MS;
  let connectedBefore = false;

  const scheduleReconnect = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (current === client) current = null;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      scheduleReconnect();
    };
    // An unhandled 'error' on a client would end the process; a lost connection is only retried.
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onPayload(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch {
      onLost();
      return;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    delay = RECONNECT_MIN_MS;
    if (connectedBefore) handlers.onReconnect?.();
    connectedBefore = true;
  }

  await connect();
  // A first attempt that failed counts as a loss: the first success afterwards is a reconnect.
  connectedBefore = true;
  return {
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      const client = current;
      current = null;
      if (client) {
        client.removeAllListeners('end');
        client.removeAllListeners('error');
        client.on('error', () => undefined);
        await client.end().catch(() => undefined);
      }
    },
  };
}
