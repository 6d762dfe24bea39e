export const NOTIFICATIONS_PATH = '/identity/users/me/notifications';
export const PREFERENCES_PATH = '/identity/users/me/notification-preferences';

export const notificationKeys = {
  all: ['notifications'] as const,
  /** The bell's count: pushed by the stream, polled while the stream is down. */
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (filter: { unread: boolean }) => [...notificationKeys.lists(), filter] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
};
