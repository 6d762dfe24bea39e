import { transactionQuestionDtoSchema, type AnswerTransactionQuestionInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { questionsPath, transactionQuestionKeys } from './transaction-question-keys';

export interface AnswerTransactionQuestionRequest {
  clientId: number;
  id: number;
  /** The version the answer was made from (If-Match). */
  version: string;
  input: AnswerTransactionQuestionInput;
  /** A receipt (image or PDF): sent as multipart, with upload progress. */
  receipt?: File | null;
  onProgress?: (loaded: number, total: number) => void;
}

/**
 * `PUT .../transaction-questions/:id/answer`: JSON, or with a receipt one multipart request whose
 * fields come before the file (the server reads them before it streams the file to storage).
 */
export function answerTransactionQuestion({
  clientId,
  id,
  version,
  input,
  receipt,
  onProgress,
}: AnswerTransactionQuestionRequest) {
  const url = `${questionsPath(clientId)}/${id}/answer`;
  if (!receipt) return api.put(url, { body: input, schema: transactionQuestionDtoSchema, ifMatch: version });
  const form = new FormData();
  form.append('CategoryId', String(input.categoryId));
  if (input.note) form.append('Note', input.note);
  form.append('Files', receipt);
  return api.upload(url, form, { method: 'PUT', ifMatch: version, schema: transactionQuestionDtoSchema, onProgress });
}

export function useAnswerTransactionQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerTransactionQuestion,
    onSuccess: (_question, { clientId }) =>
      queryClient.invalidateQueries({ queryKey: transactionQuestionKeys.ofClient(clientId) }),
  });
}
