import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  answerTransactionQuestionInputSchema,
  askAgainTransactionQuestionInputSchema,
  askTransactionQuestionsInputSchema,
  askTransactionQuestionsResultSchema,
  TRANSACTION_QUESTION_LIMITS,
  transactionQuestionClientParamsSchema,
  transactionQuestionDtoSchema,
  transactionQuestionListQuerySchema,
  transactionQuestionListSchema,
  transactionQuestionParamsSchema,
  type AnswerTransactionQuestionInput,
  type TransactionQuestionDto,
} from '@ledgerport/shared';
import { invalidBodyFields } from '../../lib/errors.js';
import { consumeMultipart, type IntakePart } from '../../lib/file-intake/index.js';
import { requestContext } from '../../lib/request-context.js';
import { IF_MATCH_NOTE, ifMatchOf, withEtag } from '../../lib/row-version.js';
import { principalOf } from '../../plugins/auth.js';
import { uploadRefusals, type DocumentUploadService, type UploadLimits } from '../documents/index.js';
import type { TransactionQuestionsService } from './transaction-questions.service.js';

const tags = ['document'];
const BASE = '/document/clients/:clientId/transaction-questions';
const PERMISSION = {
  ask: 'reconciliation:question',
  answer: 'reconciliation:question:answer',
  read: 'reconciliation:question|reconciliation:question:answer',
} as const;

export const transactionQuestionsRoutes: FastifyPluginAsyncZod<{ questions: TransactionQuestionsService }> = async (
  app,
  { questions },
) => {
  app.get(
    BASE,
    {
      config: { permission: PERMISSION.read },
      schema: {
        tags,
        summary: "A client's questions about its bank transactions, newest asked first",
        description:
          'Filters: status, accountId, month (YYYY-MM, of the transaction). Staff see every reconciliation ' +
          'client; a client user their current client as owner or collaborator granted Bookkeeping.',
        params: transactionQuestionClientParamsSchema,
        querystring: transactionQuestionListQuerySchema,
        response: { 200: transactionQuestionListSchema },
      },
    },
    async (request) => questions.list(principalOf(request), request.params.clientId, request.query),
  );

  app.post(
    BASE,
    {
      config: { permission: PERMISSION.ask },
      schema: {
        tags,
        summary: 'Ask the client about one or more transactions (staff): one question each, all or nothing',
        description:
          `At most ${TRANSACTION_QUESTION_LIMITS.transactionsPerAsk} transactions; \`question\` for all or ` +
          '`questions` one each. A transaction of another client is 404; one that already has an open ' +
          'question is 409 TRANSACTION_QUESTION_ALREADY_OPEN with details.transactionIds.',
        params: transactionQuestionClientParamsSchema,
        body: askTransactionQuestionsInputSchema,
        response: { 201: askTransactionQuestionsResultSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await questions.ask(principalOf(request), requestContext(request), request.params.clientId, request.body),
        ),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: PERMISSION.read },
      schema: {
        tags,
        summary: 'A question with its answer',
        params: transactionQuestionParamsSchema,
        response: { 200: transactionQuestionDtoSchema },
      },
    },
    async (request, reply) =>
      withEtag(reply, await questions.details(principalOf(request), request.params.clientId, request.params.id)),
  );

  app.put(
    `${BASE}/:id/resolve`,
    {
      config: { permission: PERMISSION.ask },
      schema: {
        tags,
        summary: 'Resolve a question (staff)',
        description: `409 TRANSACTION_QUESTION_RESOLVED when it already is. ${IF_MATCH_NOTE}`,
        params: transactionQuestionParamsSchema,
        response: { 200: transactionQuestionDtoSchema },
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await questions.resolve(
          principalOf(request),
          requestContext(request),
          request.params.clientId,
          request.params.id,
          ifMatchOf(request),
        ),
      ),
  );

  app.put(
    `${BASE}/:id/ask-again`,
    {
      config: { permission: PERMISSION.ask },
      schema: {
        tags,
        summary: 'Ask the client again about an answered question, with a note (staff)',
        description: `409 TRANSACTION_QUESTION_NOT_ANSWERED unless answered. ${IF_MATCH_NOTE}`,
        params: transactionQuestionParamsSchema,
        body: askAgainTransactionQuestionInputSchema,
        response: { 200: transactionQuestionDtoSchema },
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await questions.askAgain(
          principalOf(request),
          requestContext(request),
          request.params.clientId,
          request.params.id,
          request.body,
          ifMatchOf(request),
        ),
      ),
  );
};

/** Multipart field names (any case) -> the contract's field. */
const FIELDS: Record<string, keyof AnswerTransactionQuestionInput> = { categoryid: 'categoryId', note: 'note' };

/**
 * The client's answer, registered apart with the multipart parser: JSON, or multipart whose one file
 * (the receipt) becomes a document of the client through the documents' upload pipeline (streamed,
 * sniffed, size-limited, removed again if the answer fails) in the answer's own transaction.
 */
export const transactionQuestionAnswerRoutes: FastifyPluginAsyncZod<{
  questions: TransactionQuestionsService;
  upload: DocumentUploadService;
  limits: UploadLimits;
}> = async (app, { questions, upload, limits }) => {
  app.put(
    `${BASE}/:id/answer`,
    {
      config: { permission: PERMISSION.answer },
      schema: {
        tags,
        summary: 'Answer a question waiting on the client: a category, a note, optionally a receipt',
        description:
          'JSON, or multipart/form-data with the fields CategoryId and Note before one file in Files (the ' +
          'receipt, an image or a PDF): it becomes a document of the client under Bookkeeping, tagged Receipt ' +
          'when the firm has that tag (docs/reconciliation.md). A refused file refuses the answer. 409 ' +
          `TRANSACTION_QUESTION_NOT_WAITING unless waiting. ${IF_MATCH_NOTE}`,
        params: transactionQuestionParamsSchema,
        // Multipart leaves the body null: its fields are read from the stream below.
        body: answerTransactionQuestionInputSchema.nullish(),
        response: { 200: transactionQuestionDtoSchema },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const context = requestContext(request);
      const { clientId, id } = request.params;
      const expected = ifMatchOf(request);
      if (!request.isMultipart()) {
        if (request.body === undefined || request.body === null)
          throw invalidBodyFields([{ path: ['categoryId'], message: 'This field is required' }]);
        return withEtag(reply, await questions.answer(principal, context, clientId, id, request.body, expected));
      }
      const answered = await consumeMultipart(request, uploadRefusals(limits), async (parts) => {
        const iterator = parts[Symbol.asyncIterator]();
        const raw: Record<string, unknown> = {};
        let firstFile: IntakePart | undefined;
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
          const part = next.value;
          if (part.kind === 'file') {
            firstFile = part;
            break;
          }
          const field = FIELDS[part.name.toLowerCase()];
          if (!field) continue;
          if (part.truncated) throw invalidBodyFields([{ path: [field], message: 'The value is too long.' }]);
          raw[field] = part.value;
        }
        const parsed = answerTransactionQuestionInputSchema.safeParse(raw);
        if (!parsed.success) throw invalidBodyFields(parsed.error.issues);
        const fields = parsed.data;
        if (!firstFile) return questions.answer(principal, context, clientId, id, fields, expected);
        // Checked before a byte is stored: a wrong question, category or filing costs no storage.
        const filing = await questions.receiptFiling(principal, clientId, id, fields);
        const files = (async function* () {
          yield firstFile;
          for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
        })();
        let answer: TransactionQuestionDto | undefined;
        const { userId, isClient, currentClientId } = principal;
        await upload.upload({ userId, isClient, currentClientId, context }, files, {
          ...filing,
          requestItemId: null,
          allOrNothing: true,
          withinTransaction: async (tx, documentIds) => {
            answer = await questions.answer(principal, context, clientId, id, fields, expected, {
              documentId: documentIds[0]!,
              tx,
            });
          },
        });
        return answer!;
      });
      return withEtag(reply, answered);
    },
  );
};
