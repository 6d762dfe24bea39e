import {
  conversationSignalDtoSchema,
  NOTIFICATION_STREAM_EVENT,
  unreadCountDtoSchema,
  type ConversationSignalDto,
  type UnreadCountDto,
} from '@ledgerport/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, isApiError } from '@/lib/api-client';
import { readStoredAccessToken, useSession } from '@/lib/session';
import { readServerSentEvents } from '../lib/server-sent-events';
import { browserTabCoordination, shareAcrossTabs, type LeaderTab } from '../lib/shared-stream';
import { NOTIFICATIONS_PATH, notificationKeys, type ConversationChanges } from './notification-keys';

/** After a stream came back: what changed while it was down is unknown, so every conversation is read again. */
const ANY_CONVERSATION = JSON.stringify({ conversationId: null } satisfies ConversationSignalDto);

/** Waits before reconnecting: 1 s, 2 s, 4 s … up to 30 s, spread so tabs do not all return at once. */
const backoff = (attempt: number) => Math.min(30_000, 1_000 * 2 ** attempt) * (0.75 + Math.random() / 2);

/** A stream that lived this long was healthy: the next drop starts the backoff again from 1 s. */
const HEALTHY_STREAM_MS = 30_000;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

/**
 * Reads the stream for as long as this tab leads: reconnects after a drop (with backoff), and stops
 * for good when the sign-in is refused (401 after a refused refresh, which ends the session; 403).
 */
async function readStream(tab: LeaderTab, signal: AbortSignal): Promise<void> {
  let wasConnected = false;
  for (let attempt = 0; !signal.aborted; attempt += 1) {
    try {
      const body = await api.stream(`${NOTIFICATIONS_PATH}/stream`, { signal, background: true });
      tab.setConnected(true);
      if (wasConnected) tab.signal(ANY_CONVERSATION);
      wasConnected = true;
      const opened = Date.now();
      await readServerSentEvents(body, (event) => {
        if (event.event === NOTIFICATION_STREAM_EVENT.unread) tab.publish(event.data);
        else if (event.event === NOTIFICATION_STREAM_EVENT.conversation) tab.signal(event.data);
      });
      // A server (or proxy) that answers and closes at once must not be asked again every second.
      if (Date.now() - opened >= HEALTHY_STREAM_MS) attempt = 0;
    } catch (error) {
      if (signal.aborted || isApiError(error, 403)) return;
      // A 401 with a token still stored is a refresh the server could not answer (a restart, the
      // database away): try again later. Without one, the session has ended.
      if (isApiError(error, 401) && readStoredAccessToken() === null) return;
    } finally {
      tab.setConnected(false);
    }
    await pause(backoff(attempt), signal);
  }
}

/**
 * The signed-in person's notification stream (issue 22 item 2): the server pushes the unread count,
 * which goes straight into the bell's query; an open panel is read again when it changes. Changes of
 * secure conversations are counted under `notificationKeys.conversationChanges()`. One tab of
 * the browser reads it for all the person's tabs (`shared-stream.ts`). `connected` is false while no
 * tab's stream is up, and the bell polls instead. It ends on sign-out.
 */
export function useNotificationStream(): { connected: boolean } {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id;
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (userId === undefined) return;

    const onUnread = (data: string) => {
      let parsed: UnreadCountDto;
      try {
        parsed = unreadCountDtoSchema.parse(JSON.parse(data));
      } catch {
        return; // a malformed event changes nothing; the next one or the poll will
      }
      const before = queryClient.getQueryData<UnreadCountDto>(notificationKeys.unreadCount());
      queryClient.setQueryData(notificationKeys.unreadCount(), parsed);
      if (before?.unreadCount !== parsed.unreadCount) {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
      }
    };

    const changesKey = notificationKeys.conversationChanges();
    // Nothing fetches it, so nothing observes it: kept for the session, or the cache would drop it
    // after a few quiet minutes and the next change would start the count again from 1.
    queryClient.setQueryDefaults(changesKey, { gcTime: Infinity });
    // Where the changes start, so the first one reported is a change to whoever watches the key.
    if (queryClient.getQueryData(changesKey) === undefined) {
      queryClient.setQueryData<ConversationChanges>(changesKey, { changes: 0, conversationId: null });
    }
    const onConversation = (data: string) => {
      let parsed: ConversationSignalDto;
      try {
        parsed = conversationSignalDtoSchema.parse(JSON.parse(data));
      } catch {
        return;
      }
      queryClient.setQueryData<ConversationChanges>(changesKey, (before) => ({
        changes: (before?.changes ?? 0) + 1,
        conversationId: parsed.conversationId,
      }));
    };

    // Per person: another account signed in to the same browser has a stream of its own.
    return shareAcrossTabs(
      // Versioned: a tab of the previous app version leads only its own kind (it passes no
      // conversation events on), and tabs of this version keep a leader of their own.
      `ledgerport-notifications-v2-${userId}`,
      { lead: readStream, onValue: onUnread, onSignal: onConversation, onConnected: setConnected },
      browserTabCoordination(),
    );
  }, [userId, queryClient]);

  return { connected };
}
