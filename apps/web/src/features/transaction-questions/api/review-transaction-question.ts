import { transactionQuestionDtoSchema, type AskAgainTransactionQuestionInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { questionsPath, transactionQuestionKeys } from './transaction-question-keys';

interface QuestionRef {
  clientId: number;
  id: number;
  /** The version the list showed (If-Match). */
  version: string;
}

export function resolveTransactionQuestion({ clientId, id, version }: QuestionRef) {
  return api.put(`${questionsPath(clientId)}/${id}/resolve`, {
    schema: transactionQuestionDtoSchema,
    ifMatch: version,
  });
}

export function askTransactionQuestionAgain({
  clientId,
  id,
  version,
  input,
}: QuestionRef & { input: AskAgainTransactionQuestionInput }) {
  return api.put(`${questionsPath(clientId)}/${id}/ask-again`, {
    body: input,
    schema: transactionQuestionDtoSchema,
    ifMatch: version,
  });
}

export function useResolveTransactionQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveTransactionQuestion,
    onSuccess: (_question, { clientId }) =>
      queryClient.invalidateQueries({ queryKey: transactionQuestionKeys.ofClient(clientId) }),
  });
}

export function useAskTransactionQuestionAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: askTransactionQuestionAgain,
    onSuccess: (_question, { clientId }) =>
      queryClient.invalidateQueries({ queryKey: transactionQuestionKeys.ofClient(clientId) }),
  });
}
