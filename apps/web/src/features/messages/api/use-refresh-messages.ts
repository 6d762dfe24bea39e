import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { messageKeys } from './message-keys';

/** Changes closer together than this are read once. */
export const REFRESH_DELAY_MS = 300;

/**
 * Reads the messages again whenever the data under `watchedKey` changes: the app passes the
 * notification stream's count of conversation changes (every change of a conversation the person may
 * see, across API processes) and the bell's unread count, so the inbox, its badge and an open
 * conversation follow within seconds. A key, not an import: features do not import each other; the
 * app composes them.
 */
export function useRefreshMessagesOn(watchedKey: QueryKey, { enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  const watched = JSON.stringify(watchedKey);

  useEffect(() => {
    if (!enabled) return;
    const cache = queryClient.getQueryCache();
    let last: unknown = cache.find({ queryKey: JSON.parse(watched) as QueryKey, exact: true })?.state.data;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = cache.subscribe((event) => {
      if (event.type !== 'updated' || JSON.stringify(event.query.queryKey) !== watched) return;
      const data: unknown = event.query.state.data;
      if (data === undefined || JSON.stringify(data) === JSON.stringify(last)) return;
      const first = last === undefined;
      last = data;
      // The first answer is where the count starts, not a change.
      if (first) return;
      // A burst (a message to many clients signals each conversation) is read once, at its end or
      // every REFRESH_DELAY_MS while it lasts.
      if (pending !== undefined) return;
      pending = setTimeout(() => {
        pending = undefined;
        // Not the search: its hits are what the person searched for; they search again for news.
        void queryClient.invalidateQueries({
          queryKey: messageKeys.all,
          predicate: (query) => query.queryKey[1] !== messageKeys.searches()[1],
        });
      }, REFRESH_DELAY_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(pending);
    };
  }, [queryClient, watched, enabled]);
}
