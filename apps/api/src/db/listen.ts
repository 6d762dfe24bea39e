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
 * TCP keep-alive probes start after this much silence. The OS default is two hours: a connection a
 * NAT or a failover dropped without a word would go unnoticed that long, and so would every
 * notification meanwhile.
 */
const KEEPALIVE_INITIAL_DELAY_MS = 10_000;

export interface ListenHealth {
  /** How often the connection is asked `select 1`: a listener only reads, so it would never notice a dead peer itself. */
  checkEveryMs?: number;
  /** How long a connect, the LISTEN or a check may take before the connection counts as lost. */
  timeoutMs?: number;
}

/**
 * A connection of its own, outside the pool (a pooled connection goes back to the pool and would stop
 * hearing). When it breaks (the server restarted, a network cut) it reconnects with backoff and says
 * so through `onReconnect`; while it is down the listener simply hears nothing. A break that sends
 * nothing (a NAT that forgot the connection, a failover) is found by the health check, a `select 1`
 * every `checkEveryMs` that must answer within `timeoutMs`, and by TCP keep-alive below that. The
 * first connection is awaited, but a failure there is no error either: it keeps trying in the
 * background.
 */
export async function listenOnServer(
  url: string,
  channel: string,
  handlers: ListenHandlers,
  { checkEveryMs = 30_000, timeoutMs = 10_000 }: ListenHealth = {},
): Promise<Listening> {
  assertChannel(channel);
  let closed = false;
  let current: { client: pg.Client; stop: () => void } | null = null;
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
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_INITIAL_DELAY_MS,
      // A connect or a query into a silent network would otherwise wait for the OS to give up.
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
      // Tells operators in pg_stat_activity what the one connection outside the pool is.
      application_name: 'ledgerport listener',
    });
    let lost = false;
    let check: NodeJS.Timeout | undefined = undefined;
    const onLost = () => {
      if (lost) return;
      lost = true;
      clearInterval(check);
      if (current?.client === client) current = null;
      client.removeAllListeners('notification');
      // With a check still waiting on a dead socket, end() destroys the socket rather than wait.
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
    let checking = false;
    check = setInterval(() => {
      if (checking) return;
      checking = true;
      client.query('select 1').then(
        () => (checking = false),
        () => onLost(),
      );
    }, checkEveryMs);
    check.unref();
    current = { client, stop: () => clearInterval(check) };
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
      const open = current;
      current = null;
      if (open) {
        open.stop();
        open.client.removeAllListeners('end');
        open.client.removeAllListeners('error');
        open.client.on('error', () => undefined);
        await open.client.end().catch(() => undefined);
      }
    },
  };
}
