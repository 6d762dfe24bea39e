import { transactionQuestionListSchema } from '@ledgerport/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { questionsPath, transactionQuestionKeys, type QuestionsListQuery } from './transaction-question-keys';

export function getTransactionQuestions(clientId: number, query: QuestionsListQuery, signal?: AbortSignal) {
  return api.get(questionsPath(clientId), { query, schema: transactionQuestionListSchema, signal });
}

export function useTransactionQuestions(clientId: number | null, query: QuestionsListQuery) {
  return useQuery({
    enabled: clientId !== null,
    queryKey: transactionQuestionKeys.list(clientId ?? 0, query),
    queryFn: ({ signal }) => getTransactionQuestions(clientId ?? 0, query, signal),
    placeholderData: keepPreviousData,
  });
}
