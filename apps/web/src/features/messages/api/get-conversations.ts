import { conversationPageDtoSchema } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CONVERSATIONS_PATH, UNREAD_CONVERSATIONS_QUERY, messageKeys, type ConversationsQuery } from './message-keys';

interface GetOptions {
  signal?: AbortSignal;
  background?: boolean;
}

export function getConversations(query: ConversationsQuery, { signal, background = false }: GetOptions = {}) {
  return api.get(CONVERSATIONS_PATH, { query, schema: conversationPageDtoSchema, signal, background });
}

export function conversationsQueryOptions(query: ConversationsQuery, queryClient?: QueryClient) {
  return queryOptions({
    queryKey: messageKeys.list(query),
    // A page already on screen is read again because a conversation changed somewhere, not because
    // the person did anything: a background request, so an inbox left open still lets the session
    // go idle. A new page or filter is the person's.
    queryFn: ({ signal }) =>
      getConversations(query, {
        signal,
        background: queryClient?.getQueryData(messageKeys.list(query)) !== undefined,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The inbox: the clients' conversations the person can see, newest activity first. */
export function useConversations(query: ConversationsQuery) {
  const queryClient = useQueryClient();
  return useQuery(conversationsQueryOptions(query, queryClient));
}

/**
 * The sidebar's count of conversations with unread messages. It is fetched on mount and whenever
 * the messages are invalidated (a new notification, a read), never by a person's action, so it is
 * a background request: a tab left open must still let the session go idle.
 */
export function useUnreadConversations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: messageKeys.unreadConversations(),
    queryFn: async ({ signal }) => {
      const page = await getConversations(UNREAD_CONVERSATIONS_QUERY, { signal, background: true });
      return page.unreadConversations;
    },
    enabled,
    refetchOnWindowFocus: true,
  });
}
