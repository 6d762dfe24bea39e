import { z } from 'zod';
import { idSchema, listQuerySchema, pagedSchema } from '../common/list.schema.js';
import { transactionQuestionStatusSchema } from './reconciliation.schema.js';

/**
 * Contract: questions the firm asks a client about bank transactions (issue 24 item 1;
 * docs/reconciliation.md "Transaction questions").
 *
 * Routes (all under /api/v1/document/clients/{clientId}/transaction-questions):
 *   GET                    ?status&accountId&month&limit&offset → TransactionQuestionList  reconciliation:question|reconciliation:question:answer
 *   POST                   AskTransactionQuestionsInput → 201 AskTransactionQuestionsResult (Idempotency-Key)
 *                                                                                      reconciliation:question (staff)
 *   GET    /{id}           → TransactionQuestionDto with ETag                       as the list
 *   PUT    /{id}/answer    AnswerTransactionQuestionInput, or multipart CategoryId, Note, then one file in
 *                          Files (the receipt) → TransactionQuestionDto; If-Match   reconciliation:question:answer (client)
 *   PUT    /{id}/resolve   → TransactionQuestionDto; If-Match                       reconciliation:question (staff)
 *   PUT    /{id}/ask-again {note} → TransactionQuestionDto; If-Match                reconciliation:question (staff)
 *
 * The client must be a reconciliation client the caller sees (docs/reconciliation.md "Who sees what"):
 * anything else, and a transaction or question of another client, answers 404.
 */

export const TRANSACTION_QUESTION_LIMITS = {
  /** Transactions one ask may name (the table's selection of a page of 50, with room). */
  transactionsPerAsk: 100,
  question: 2000,
  note: 2000,
} as const;

export const TRANSACTION_QUESTION_ERROR = {
  /** 409: a named transaction already has a question that is not resolved; details.transactionIds. */
  alreadyOpen: 'TRANSACTION_QUESTION_ALREADY_OPEN',
  /** 409: the client answers only a question waiting on them. */
  notWaiting: 'TRANSACTION_QUESTION_NOT_WAITING',
  /** 409: the firm asks again only about an answered question. */
  notAnswered: 'TRANSACTION_QUESTION_NOT_ANSWERED',
  /** 409: nothing changes on a resolved question. */
  resolved: 'TRANSACTION_QUESTION_RESOLVED',
  /** 400: the category is not one of the transaction categories. */
  unknownCategory: 'TRANSACTION_CATEGORY_NOT_FOUND',
  /** 400: the firm's tag rules leave no way to file a receipt under Bookkeeping (see the docs). */
  receiptNotFileable: 'TRANSACTION_QUESTION_RECEIPT_NOT_FILEABLE',
} as const;

/** The tag a receipt is filed with when the firm has one (by name or display name, any case). */
export const RECEIPT_TAG_NAME = 'receipt';

const questionText = z.string().trim().min(1).max(TRANSACTION_QUESTION_LIMITS.question);
const noteText = z.string().trim().max(TRANSACTION_QUESTION_LIMITS.note);
const namedSchema = z.object({ id: z.number().int(), name: z.string() });

export const questionTransactionDtoSchema = z.object({
  id: z.number().int(),
  /** YYYY-MM-DD, the bank's posting date. */
  date: z.string(),
  name: z.string(),
  /** Signed: negative is a withdrawal. */
  amount: z.number(),
  isoCurrencyCode: z.string(),
  accountId: z.number().int(),
  accountName: z.string(),
  mask: z.string().nullable(),
});
export type QuestionTransactionDto = z.infer<typeof questionTransactionDtoSchema>;

export const transactionQuestionDtoSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  transaction: questionTransactionDtoSchema,
  question: z.string(),
  suggestedCategory: namedSchema.nullable(),
  status: transactionQuestionStatusSchema,
  /** The firm's note when it asked again; shown to the client until the next answer. */
  askedAgainNote: z.string().nullable(),
  answerCategory: namedSchema.nullable(),
  /** The client's note (encrypted at rest). */
  answerNote: z.string().nullable(),
  /** The receipt the client sent: an ordinary document of the client. */
  receipt: z.object({ documentId: z.number().int(), name: z.string() }).nullable(),
  askedBy: z.string().nullable(),
  askedAt: z.string(),
  answeredBy: z.string().nullable(),
  answeredAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** For If-Match (docs/reliability.md). */
  version: z.string(),
});
export type TransactionQuestionDto = z.infer<typeof transactionQuestionDtoSchema>;

export const transactionQuestionListSchema = pagedSchema(transactionQuestionDtoSchema);
export type TransactionQuestionList = z.infer<typeof transactionQuestionListSchema>;

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** Newest asked first; sortedBy is ignored. */
export const transactionQuestionListQuerySchema = listQuerySchema.pick({ limit: true, offset: true }).extend({
  status: z.preprocess(blankToUndefined, transactionQuestionStatusSchema.optional()),
  accountId: z.preprocess(blankToUndefined, idSchema.optional()),
  /** YYYY-MM: questions about transactions dated in that month. */
  month: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
      .optional(),
  ),
});
export type TransactionQuestionListQuery = z.infer<typeof transactionQuestionListQuerySchema>;

/**
 * One question for every transaction (`question`), or one each (`questions`, naming each transaction of
 * `transactionIds` once); a suggested category applies to all of them.
 */
export const askTransactionQuestionsInputSchema = z
  .object({
    transactionIds: z.array(idSchema).min(1).max(TRANSACTION_QUESTION_LIMITS.transactionsPerAsk),
    question: questionText.optional(),
    questions: z
      .array(z.object({ transactionId: idSchema, question: questionText }))
      .max(TRANSACTION_QUESTION_LIMITS.transactionsPerAsk)
      .optional(),
    suggestedCategoryId: idSchema.nullish(),
  })
  .superRefine((input, context) => {
    if (new Set(input.transactionIds).size !== input.transactionIds.length) {
      context.addIssue({ code: 'custom', path: ['transactionIds'], message: 'Name each transaction once.' });
    }
    if ((input.question === undefined) === (input.questions === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['question'],
        message: 'Send either one question for all (question) or one per transaction (questions).',
      });
      return;
    }
    if (input.questions !== undefined) {
      const named = input.questions.map((entry) => entry.transactionId);
      const wanted = new Set(input.transactionIds);
      if (named.length !== wanted.size || new Set(named).size !== named.length || named.some((id) => !wanted.has(id))) {
        context.addIssue({
          code: 'custom',
          path: ['questions'],
          message: 'Give one question for each transaction of transactionIds.',
        });
      }
    }
  });
export type AskTransactionQuestionsInput = z.infer<typeof askTransactionQuestionsInputSchema>;

export const askTransactionQuestionsResultSchema = z.object({ items: z.array(transactionQuestionDtoSchema) });
export type AskTransactionQuestionsResult = z.infer<typeof askTransactionQuestionsResultSchema>;

export const answerTransactionQuestionInputSchema = z.object({
  categoryId: idSchema,
  note: z.preprocess(blankToUndefined, noteText.optional()),
});
export type AnswerTransactionQuestionInput = z.infer<typeof answerTransactionQuestionInputSchema>;

export const askAgainTransactionQuestionInputSchema = z.object({
  note: noteText.min(1),
});
export type AskAgainTransactionQuestionInput = z.infer<typeof askAgainTransactionQuestionInputSchema>;

export const transactionQuestionParamsSchema = z.object({ clientId: idSchema, id: idSchema });
export const transactionQuestionClientParamsSchema = z.object({ clientId: idSchema });
