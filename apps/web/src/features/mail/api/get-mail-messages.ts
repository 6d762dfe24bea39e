import { pagedMailMessagesSchema } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mailKeys, type MailMessagesListQuery } from './mail-keys';

export function getMailMessages(query: MailMessagesListQuery, signal?: AbortSignal) {
  return api.get('/identity/mail/messages', { query, schema: pagedMailMessagesSchema, signal });
}

export function mailMessagesQueryOptions(query: MailMessagesListQuery) {
  return queryOptions({
    queryKey: mailKeys.list(query),
    queryFn: ({ signal }) => getMailMessages(query, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useMailMessages(query: MailMessagesListQuery) {
  return useQuery(mailMessagesQueryOptions(query));
}
