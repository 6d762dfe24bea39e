import { messagePageDtoSchema, type MessageDto, type MessagePageDto } from '@ledgerport/shared';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CONVERSATION_POLL_MS } from './get-conversation';
import { conversationPath, messageKeys } from './message-keys';

export const MESSAGES_PAGE_SIZE = 50;

export function getMessages(
  id: number,
  before: number | undefined,
  { signal, background = false }: { signal?: AbortSignal; background?: boolean } = {},
) {
  return api.get(`${conversationPath(id)}/messages`, {
    query: { before, limit: MESSAGES_PAGE_SIZE },
    schema: messagePageDtoSchema,
    signal,
    background,
  });
}

/**
 * A conversation's messages: the newest page first, "Load earlier" asks for the page before the
 * oldest one loaded (the `before` cursor). Polled with the conversation; a fetch while messages are
 * already on screen is that poll, so it is a background request.
 */
export function useMessages(id: number) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: messageKeys.messages(id),
    queryFn: ({ pageParam, signal }) =>
      getMessages(id, pageParam, {
        signal,
        background: queryClient.getQueryData(messageKeys.messages(id)) !== undefined,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page: MessagePageDto) => (page.hasOlder ? page.items[0]?.id : undefined),
    refetchInterval: CONVERSATION_POLL_MS,
  });
}

/** Every loaded message, oldest first (pages come newest first, each page oldest first). */
export function messagesOldestFirst(data: InfiniteData<MessagePageDto> | undefined): MessageDto[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((page) => page.items);
}
