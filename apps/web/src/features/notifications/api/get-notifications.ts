import { notificationPageDtoSchema } from '@ledgerport/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { NOTIFICATIONS_PATH, UNREAD_COUNT_QUERY, notificationKeys } from './notification-keys';

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** The panel's history, newest first, a page at a time ("Show more"). */
export function useNotifications({ unread, enabled }: { unread: boolean; enabled: boolean }) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list({ unread }),
    queryFn: ({ pageParam, signal }) =>
      api.get(NOTIFICATIONS_PATH, {
        query: { limit: NOTIFICATIONS_PAGE_SIZE, offset: pageParam, ...(unread ? { unread: true } : {}) },
        schema: notificationPageDtoSchema,
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.items.length, 0);
      return loaded < last.totalCount ? loaded : undefined;
    },
    enabled,
  });
}

/**
 * The unread count. The stream pushes it (setQueryData); while the stream is down it is polled every
 * `pollMs` instead, so the bell is never more than that late.
 */
export function useUnreadCount({ pollMs }: { pollMs: number | false }) {
  return useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: async ({ signal }) => {
      const page = await api.get(NOTIFICATIONS_PATH, {
        query: UNREAD_COUNT_QUERY,
        schema: notificationPageDtoSchema,
        signal,
        // Fetched by a timer, a focus or a mount, never by a person's action (which has its own
        // request): a tab left open on its poll must still let the session go idle.
        background: true,
      });
      return { unreadCount: page.unreadCount };
    },
    refetchInterval: pollMs,
    // The app turns focus refetches off; the bell wants one (a count missed while the stream recovered).
    refetchOnWindowFocus: true,
  });
}
