import { PassThrough, type Readable } from 'node:stream';
import { NOTIFICATION_STREAM_EVENT, type ConversationSignalDto, type UnreadCountDto } from '@ledgerport/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Listening } from '../../db/listen.js';
import { NOTIFICATIONS_CHANNEL, parseConversationSignal } from './notifications.repository.js';

/**
 * One open stream, as the hub sees it: told when its user's count may have changed, when a
 * conversation they may see changed (null: any may have, the listener having been away), or to end.
 */
interface Subscriber {
  changed(): void;
  conversationChanged(conversationId: number | null): void;
  end(): void;
}

/** Of the users with a stream open here, who may hear that each conversation changed (read when it did). */
export type ConversationAudience = (target: {
  conversations: ReadonlyArray<{ conversationId: number; staffOnly: boolean }>;
  candidates: readonly number[];
}) => Promise<Array<{ conversationId: number; userIds: number[] }>>;

/** Signals heard within this window go to the database as one question (a message to 500 clients is 500). */
const SIGNAL_BATCH_MS = 20;

export type NotificationHub = ReturnType<typeof createNotificationHub>;

/**
 * Streams one user may hold in one process. Each is a browser tab's connection; past this, a tab
 * closed without its connection closing (a laptop put to sleep) or a script opening streams in a
 * loop would hold connections and memory for nothing.
 */
export const MAX_STREAMS_PER_USER = 10;

/**
 * Waits before each new try of a count that failed (the database away, often just after the
 * listener reconnected): a few, then the stream waits for the next change, or the web app's own
 * refetch on focus.
 */
const RECOUNT_RETRY_MS = [500, 2_000, 5_000] as const;

/**
 * One LISTEN per API process (docs/notifications.md), opened with the first stream and kept until the
 * process closes; the streams subscribe here in memory, by user id. A NOTIFY carries user ids only:
 * each stream then reads its own count. When the connection to the database came back after a loss,
 * every stream reads its count again, since notifications sent meanwhile were missed.
 */
export function createNotificationHub({
  listen,
  logger,
  conversationAudience,
  maxStreamsPerUser = MAX_STREAMS_PER_USER,
}: {
  listen: Database['listen'];
  logger: Pick<FastifyBaseLogger, 'warn'>;
  conversationAudience: ConversationAudience;
  maxStreamsPerUser?: number;
}) {
  const subscribers = new Map<number, Set<Subscriber>>();
  let listening: Promise<Listening> | null = null;
  let closed = false;

  function tell(userId: number): void {
    for (const subscriber of subscribers.get(userId) ?? []) subscriber.changed();
  }

  /** Conversations signalled and not yet told: staffOnly stays true only if every signal was a note. */
  let waiting = new Map<number, boolean>();
  let batch: NodeJS.Timeout | undefined;

  /**
   * One audience question per batch of signals and process, over the people connected here only:
   * the firm's size does not matter, and nobody with no stream costs anything. A stream gone while
   * the question ran is simply no longer in `subscribers`.
   */
  async function tellConversations(): Promise<void> {
    batch = undefined;
    const changed = [...waiting].map(([conversationId, staffOnly]) => ({ conversationId, staffOnly }));
    waiting = new Map();
    const candidates = [...subscribers.keys()];
    if (candidates.length === 0 || changed.length === 0) return;
    try {
      for (const { conversationId, userIds } of await conversationAudience({ conversations: changed, candidates })) {
        for (const userId of userIds) {
          for (const subscriber of subscribers.get(userId) ?? []) subscriber.conversationChanged(conversationId);
        }
      }
    } catch (error) {
      // The database away: the web app's own refresh (focus, its slow poll) brings the change.
      logger.warn({ err: error }, 'conversation signal failed');
    }
  }

  function onPayload(payload: string): void {
    const conversation = parseConversationSignal(payload);
    if (conversation) {
      const { conversationId, staffOnly } = conversation;
      waiting.set(conversationId, (waiting.get(conversationId) ?? true) && staffOnly);
      if (batch === undefined) {
        batch = setTimeout(() => void tellConversations(), SIGNAL_BATCH_MS);
        batch.unref();
      }
      return;
    }
    for (const part of payload.split(',')) {
      const userId = Number(part);
      if (Number.isSafeInteger(userId)) tell(userId);
    }
  }

  function onReconnect(): void {
    for (const own of subscribers.values()) {
      for (const subscriber of own) {
        subscriber.changed();
        // Signals sent while the listener was away are lost: read every conversation again.
        subscriber.conversationChanged(null);
      }
    }
  }

  function startListening(): Promise<Listening> {
    listening ??= listen(NOTIFICATIONS_CHANNEL, { onPayload, onReconnect }).catch((error: unknown) => {
      // Not listening is no reason to refuse the stream: it still answers its count on connect and
      // the web app refetches when it regains focus. The next stream tries again.
      logger.warn({ err: error }, 'notification listener failed to start');
      listening = null;
      return { close: async () => undefined };
    });
    return listening;
  }

  return {
    /**
     * Adds a stream; resolves once this process listens, so no change after its first count is missed.
     * Past the user's cap the oldest of their streams ends rather than this one being refused: a tab
     * reopened must work, and the oldest is the likeliest to belong to a tab already gone.
     */
    async subscribe(userId: number, subscriber: Subscriber): Promise<() => void> {
      if (closed) {
        subscriber.end();
        return () => undefined;
      }
      let own = subscribers.get(userId);
      if (!own) subscribers.set(userId, (own = new Set()));
      own.add(subscriber);
      for (const oldest of own) {
        if (own.size <= maxStreamsPerUser) break;
        own.delete(oldest);
        oldest.end();
      }
      await startListening();
      return () => {
        own.delete(subscriber);
        if (own.size === 0 && subscribers.get(userId) === own) subscribers.delete(userId);
      };
    },

    /** Server close: every stream ends (so the close need not wait for them) and the LISTEN stops. */
    async close(): Promise<void> {
      closed = true;
      clearTimeout(batch);
      for (const own of subscribers.values()) for (const subscriber of own) subscriber.end();
      subscribers.clear();
      const current = listening;
      listening = null;
      if (current) await (await current).close();
    },
  };
}

/**
 * One browser tab's stream (Server-Sent Events, read with fetch): `event: unread` with the count on
 * connect and on each change, a `: ping` comment every `pingMs` to keep proxies from closing an idle
 * connection, and at each ping a check that the session is still live (not revoked, expired or idle,
 * the user still active); a dead one ends the stream. The stream itself is not activity: an open tab
 * does not keep an idle session alive.
 */
export async function openUnreadStream({
  hub,
  userId,
  unreadCount,
  sessionIsLive,
  pingMs,
  logger,
  recountRetryMs = RECOUNT_RETRY_MS,
}: {
  hub: NotificationHub;
  userId: number;
  unreadCount: () => Promise<number>;
  sessionIsLive: () => Promise<boolean>;
  pingMs: number;
  logger: Pick<FastifyBaseLogger, 'warn'>;
  recountRetryMs?: readonly number[];
}): Promise<Readable> {
  const stream = new PassThrough();
  let ended = false;
  let sent: number | null = null;
  let counting = false;
  let again = false;
  /** Counts failed in a row; the next try waits recountRetryMs[failures - 1]. */
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const write = (chunk: string) => {
    if (!ended && !stream.writableEnded) stream.write(chunk);
  };

  /** Reads the count and sends it when it differs from the last one sent; changes during a read queue one more. */
  async function recount(): Promise<void> {
    if (counting) {
      again = true;
      return;
    }
    counting = true;
    try {
      do {
        again = false;
        const unread = await unreadCount();
        if (unread !== sent) {
          sent = unread;
          const data: UnreadCountDto = { unreadCount: unread };
          write(`event: ${NOTIFICATION_STREAM_EVENT.unread}\ndata: ${JSON.stringify(data)}\n\n`);
        }
      } while (again && !ended);
      failures = 0;
      clearTimeout(retry);
    } catch (error) {
      // The database is away: the count sent may be stale (a reconnect asks for a recount because
      // notifications were missed), so try again shortly rather than wait for a change that may not come.
      const wait = recountRetryMs[failures];
      logger.warn({ err: error, attempt: failures + 1 }, 'notification count failed');
      clearTimeout(retry);
      if (wait === undefined || ended) {
        // Given up: the next change, or the web app's refetch on focus, brings the count.
        failures = 0;
      } else {
        failures += 1;
        retry = setTimeout(() => void recount(), wait);
        retry.unref();
      }
    } finally {
      counting = false;
    }
  }

  let unsubscribe: () => void = () => undefined;
  const ping = setInterval(() => {
    write(': ping\n\n');
    sessionIsLive().then(
      (live) => {
        if (!live) end();
      },
      // Cannot tell while the database is away: keep the stream, check again at the next ping.
      (error: unknown) => logger.warn({ err: error }, 'notification stream session check failed'),
    );
  }, pingMs);
  ping.unref();

  function end(): void {
    if (ended) return;
    ended = true;
    clearInterval(ping);
    clearTimeout(retry);
    unsubscribe();
    stream.end();
  }
  // The browser went away (tab closed, network lost): Fastify destroys the stream.
  stream.on('close', end);

  const conversationChanged = (conversationId: number | null) => {
    const data: ConversationSignalDto = { conversationId };
    write(`event: ${NOTIFICATION_STREAM_EVENT.conversation}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  unsubscribe = await hub.subscribe(userId, { changed: () => void recount(), conversationChanged, end });
  if (ended) {
    // Gone while the listener started.
    unsubscribe();
    return stream;
  }
  // After subscribing: a change from here on reaches this stream, so the first count is never stale.
  await recount();
  return stream;
}
