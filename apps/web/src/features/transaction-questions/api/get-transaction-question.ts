import { transactionQuestionDtoSchema } from '@ledgerport/shared';
import { api } from '@/lib/api-client';
import { questionsPath } from './transaction-question-keys';

/** One question as it is now: after a 412, what the other person saved. */
export function getTransactionQuestion(clientId: number, id: number) {
  return api.get(`${questionsPath(clientId)}/${id}`, { schema: transactionQuestionDtoSchema });
}
