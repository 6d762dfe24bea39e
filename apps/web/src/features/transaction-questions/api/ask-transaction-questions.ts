import { askTransactionQuestionsResultSchema, type AskTransactionQuestionsInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { questionsPath, transactionQuestionKeys } from './transaction-question-keys';

export interface AskTransactionQuestionsRequest {
  clientId: number;
  input: AskTransactionQuestionsInput;
  /** One key per ask the person makes, reused if they send the same ask again after a failure. */
  idempotencyKey: string;
}

export function askTransactionQuestions({ clientId, input, idempotencyKey }: AskTransactionQuestionsRequest) {
  return api.post(questionsPath(clientId), {
    body: input,
    schema: askTransactionQuestionsResultSchema,
    idempotencyKey,
  });
}

export function useAskTransactionQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: askTransactionQuestions,
    onSuccess: (_result, { clientId }) =>
      queryClient.invalidateQueries({ queryKey: transactionQuestionKeys.ofClient(clientId) }),
  });
}
