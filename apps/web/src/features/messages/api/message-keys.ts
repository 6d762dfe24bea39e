import type { ConversationListQuery } from '@ledgerport/shared';

export type ConversationsQuery = Partial<ConversationListQuery>;

export const CONVERSATIONS_PATH = '/document/conversations';
/** The sidebar's count of conversations with unread messages: one item (its page carries the count). */
export const UNREAD_CONVERSATIONS_QUERY = { limit: 1, offset: 0 } as const;

export const conversationPath = (id: number) => `${CONVERSATIONS_PATH}/${id}`;

/**
 * Query keys of secure messages. Everything lives under one root, so a new message (from the
 * stream, a poll or this person's send) refreshes the inbox, its counts and the open conversation.
 */
export const messageKeys = {
  all: ['messages'] as const,
  lists: () => [...messageKeys.all, 'list'] as const,
  list: (query: ConversationsQuery) => [...messageKeys.lists(), query] as const,
  /** The sidebar's badge: conversations with unread messages. */
  unreadConversations: () => [...messageKeys.all, 'unread-conversations'] as const,
  conversation: (id: number) => [...messageKeys.all, 'conversation', id] as const,
  messages: (id: number) => [...messageKeys.all, 'conversation', id, 'messages'] as const,
  searches: () => [...messageKeys.all, 'search'] as const,
  search: (q: string) => [...messageKeys.searches(), q] as const,
};
