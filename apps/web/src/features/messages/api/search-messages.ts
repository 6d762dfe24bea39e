import { messageSearchPageDtoSchema, type MessageSearchHitDto, type MessageSearchPageDto } from '@ledgerport/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CONVERSATIONS_PATH, messageKeys } from './message-keys';

export const SEARCH_PAGE_SIZE = 20;

export type MessageSearchHit = MessageSearchHitDto;

export function searchMessages(q: string, offset: number, signal?: AbortSignal) {
  return api.get(`${CONVERSATIONS_PATH}/search`, {
    query: { q, limit: SEARCH_PAGE_SIZE, offset },
    schema: messageSearchPageDtoSchema,
    signal,
  });
}

/** Full-text search over the messages the person may see, a page at a time ("Show more"). */
export function useMessageSearch(q: string) {
  return useInfiniteQuery({
    queryKey: messageKeys.search(q),
    queryFn: ({ pageParam, signal }) => searchMessages(q, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: MessageSearchPageDto, pages) => {
      const loaded = pages.reduce((count, page) => count + page.items.length, 0);
      return loaded < last.totalCount ? loaded : undefined;
    },
    enabled: q.length > 0,
  });
}
