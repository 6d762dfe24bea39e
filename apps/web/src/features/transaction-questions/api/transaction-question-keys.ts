import type { TransactionQuestionListQuery } from '@ledgerport/shared';

export type QuestionsListQuery = Partial<TransactionQuestionListQuery>;

/** Where each client's questions live in the query cache. */
export const transactionQuestionKeys = {
  all: ['transaction-questions'] as const,
  ofClient: (clientId: number) => [...transactionQuestionKeys.all, clientId] as const,
  list: (clientId: number, query: QuestionsListQuery) =>
    [...transactionQuestionKeys.ofClient(clientId), 'list', query] as const,
};

export const questionsPath = (clientId: number) => `/document/clients/${clientId}/transaction-questions`;
