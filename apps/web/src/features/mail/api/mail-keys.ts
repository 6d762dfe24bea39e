import type { MailMessagesQuery } from '@ledgerport/shared';

export type MailMessagesListQuery = Partial<MailMessagesQuery>;

export const mailKeys = {
  all: ['mail'] as const,
  list: (query: MailMessagesListQuery) => [...mailKeys.all, 'list', query] as const,
  body: (id: number) => [...mailKeys.all, 'body', id] as const,
};
