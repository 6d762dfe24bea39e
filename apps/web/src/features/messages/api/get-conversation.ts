import { conversationDtoSchema, type ConversationDto } from '@ledgerport/shared';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { conversationPath, messageKeys } from './message-keys';

/**
 * The net under the notification stream, which pushes every change of the conversation: a stream
 * down (a proxy that buffers, a network that drops it) still lets an open conversation catch up.
 */
export const CONVERSATION_POLL_MS = 60_000;

export function getConversation(
  id: number,
  { signal, background = false }: { signal?: AbortSignal; background?: boolean } = {},
) {
  return api.get(conversationPath(id), { schema: conversationDtoSchema, signal, background });
}

export function conversationQueryOptions(id: number, queryClient?: QueryClient) {
  return queryOptions({
    queryKey: messageKeys.conversation(id),
    // A fetch of a conversation already on screen is the poll (or a refresh after a change), not the
    // person opening it: marked background so an open tab still lets the session go idle.
    queryFn: ({ signal }) =>
      getConversation(id, {
        signal,
        background: queryClient?.getQueryData(messageKeys.conversation(id)) !== undefined,
      }),
  });
}

export function useConversation(id: number) {
  const queryClient = useQueryClient();
  return useQuery({ ...conversationQueryOptions(id, queryClient), refetchInterval: CONVERSATION_POLL_MS });
}

/** After a change answered the conversation: it goes straight into the cache; lists and counts are read again. */
export async function afterConversationChanged(queryClient: QueryClient, conversation: ConversationDto | null) {
  if (conversation) queryClient.setQueryData(messageKeys.conversation(conversation.id), conversation);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: messageKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: messageKeys.unreadConversations() }),
    queryClient.invalidateQueries({ queryKey: messageKeys.searches() }),
  ]);
}
