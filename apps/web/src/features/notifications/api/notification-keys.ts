export const NOTIFICATIONS_PATH = '/identity/users/me/notifications';
export const PREFERENCES_PATH = '/identity/users/me/notification-preferences';
/** The bell's count: one item, unread only (the page's `unreadCount` is what is read). */
export const UNREAD_COUNT_QUERY = { limit: 1, offset: 0, unread: true } as const;

export const notificationKeys = {
  all: ['notifications'] as const,
  /** The bell's count: pushed by the stream, polled while the stream is down. */
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (filter: { unread: boolean }) => [...notificationKeys.lists(), filter] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
  /**
   * Not fetched: the stream counts here each secure conversation that changed (`ConversationChanges`),
   * so whatever shows conversations can follow by watching the key (the app composes the features).
   */
  conversationChanges: () => [...notificationKeys.all, 'conversation-changes'] as const,
};

/** How many conversation changes the stream reported, and the last one's id (null: any may have changed). */
export interface ConversationChanges {
  changes: number;
  conversationId: number | null;
}
