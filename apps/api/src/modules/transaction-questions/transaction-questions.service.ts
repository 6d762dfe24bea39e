import {
  NOTIFICATION_KIND,
  hasPermission,
  mainTagsForService,
  TRANSACTION_QUESTION_ERROR,
  TRANSACTION_QUESTION_STATUS,
  validateTagSelection,
  type AnswerTransactionQuestionInput,
  type AskAgainTransactionQuestionInput,
  type AskTransactionQuestionsInput,
  type AskTransactionQuestionsResult,
  type TagRuleGroup,
  type TransactionQuestionDto,
  type TransactionQuestionList,
  type TransactionQuestionListQuery,
} from '@ledgerport/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors.js';
import type { FieldCrypto } from '../../lib/field-crypto.js';
import type { RequestContext } from '../../lib/request-context.js';
import { assertCurrentVersion } from '../../lib/row-version.js';
import { AUDIT_ACTION, type AuditAction, type AuditLog } from '../audit/index.js';
import type { NotificationPublisher } from '../notifications/index.js';
import type { Principal } from '../auth/index.js';
import {
  reconciliationScopeOf,
  type ReconciliationRepository,
  type ReconciliationScope,
} from '../reconciliation/index.js';
import type {
  QuestionListFilters,
  QuestionRow,
  TransactionQuestionsRepository,
} from './transaction-questions.repository.js';

const UNIQUE_VIOLATION = '23505';
const OPEN_QUESTION_KEY = 'transaction_questions_open_key';

type Caller = Pick<Principal, 'userId' | 'isClient' | 'currentClientId' | 'permissions'>;

/** Where a receipt is filed: the client's Bookkeeping service, with tags the firm's rules accept. */
export interface ReceiptFiling {
  clientId: number;
  serviceId: number;
  tagIds: number[];
}

function alreadyOpen(transactionIds: number[]): AppError {
  return new AppError(
    409,
    TRANSACTION_QUESTION_ERROR.alreadyOpen,
    transactionIds.length === 1
      ? 'This transaction already has a question that is not resolved.'
      : 'Some of these transactions already have a question that is not resolved.',
    { transactionIds },
  );
}

function unknownCategory(field: string): BadRequestError {
  const message = 'Choose one of the transaction categories.';
  return new BadRequestError(message, TRANSACTION_QUESTION_ERROR.unknownCategory, [{ in: 'body', field, message }]);
}

function wrongStatus(status: string, wanted: 'waiting' | 'answered' | 'open'): AppError {
  if (status === TRANSACTION_QUESTION_STATUS.resolved) {
    return new AppError(409, TRANSACTION_QUESTION_ERROR.resolved, 'The question is resolved.');
  }
  return wanted === 'waiting'
    ? new AppError(409, TRANSACTION_QUESTION_ERROR.notWaiting, 'The question is not waiting on the client.')
    : new AppError(409, TRANSACTION_QUESTION_ERROR.notAnswered, 'The client has not answered the question yet.');
}

function isOpenQuestionConflict(error: unknown): boolean {
  const found = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = found.cause?.code ?? found.code;
  const constraint = found.cause?.constraint ?? found.constraint;
  return code === UNIQUE_VIOLATION && (constraint === undefined || constraint === OPEN_QUESTION_KEY);
}

/** YYYY-MM → the half-open range of its dates. */
function monthRange(month: string | undefined): Pick<QuestionListFilters, 'from' | 'to'> {
  if (month === undefined) return {};
  const [year, number] = month.split('-').map(Number) as [number, number];
  const next = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, to: `${next}-01` };
}

export type TransactionQuestionsService = ReturnType<typeof createTransactionQuestionsService>;

/**
 * Questions the firm asks a client about bank transactions (docs/reconciliation.md "Transaction
 * questions"). Staff ask, resolve and ask again; the client's people answer, with a category, a note
 * (encrypted at rest: clients write figures there, so it never reaches an audit detail or a log) and
 * optionally a receipt filed as an ordinary document. Every change runs in one transaction with its
 * audit event; every edit is conditional on the version (If-Match).
 */
export function createTransactionQuestionsService({
  db,
  repository,
  reconciliation,
  activeTagGroups,
  audit,
  fieldCrypto,
  notifications,
}: {
  db: Db;
  repository: TransactionQuestionsRepository;
  reconciliation: Pick<ReconciliationRepository, 'findClient' | 'bookkeepingServiceId'>;
  /** The upload's tag rules, to file a receipt the way an ordinary upload would be accepted. */
  activeTagGroups: (tx?: DbOrTx) => Promise<TagRuleGroup[]>;
  audit: AuditLog;
  fieldCrypto: FieldCrypto;
  /** Tells the client of an ask and the firm of an answer, from inside the change's transaction. */
  notifications: NotificationPublisher;
}) {
  /** The client's people hear of questions waiting on them (reconcilers: the Bookkeeping grant). */
  async function announceAsked(
    caller: Caller,
    clientId: number,
    questionIds: number[],
    askedAgain: boolean,
    tx: DbOrTx,
  ): Promise<void> {
    const serviceId = await reconciliation.bookkeepingServiceId(tx);
    if (serviceId === null) return;
    await notifications.publish(
      {
        kind: NOTIFICATION_KIND.transactionQuestionsAsked,
        clientId,
        actorUserId: caller.userId,
        serviceId,
        questionIds,
        askedAgain,
      },
      tx,
    );
  }

  /** The principal already carries its current client: no second lookup. */
  function scopeOf(caller: Caller): Promise<ReconciliationScope> {
    return reconciliationScopeOf(caller, { currentClientIdOf: async () => caller.currentClientId });
  }

  /** Asking, resolving and asking again are the firm's, whatever a role edit granted a client. */
  function requireStaff(caller: Caller): void {
    if (caller.isClient) throw new ForbiddenError('Only the firm does this.');
  }

  function requireClientUser(caller: Caller): void {
    if (!caller.isClient) throw new ForbiddenError('Only the client answers its questions.');
  }

  async function visibleClient(scope: ReconciliationScope, clientId: number): Promise<void> {
    if (!(await reconciliation.findClient(clientId, scope))) throw new NotFoundError('Client not found.');
  }

  function toDto(row: QuestionRow): TransactionQuestionDto {
    return {
      id: row.id,
      clientId: row.clientId,
      transaction: {
        id: row.transactionId,
        date: row.transactionDate,
        name: row.transactionName,
        amount: row.amountCents / 100,
        isoCurrencyCode: row.isoCurrencyCode,
        accountId: row.accountId,
        accountName: row.accountName,
        mask: row.mask,
      },
      question: row.question,
      suggestedCategory:
        row.suggestedCategoryId === null ? null : { id: row.suggestedCategoryId, name: row.suggestedCategoryName! },
      status: row.status,
      askedAgainNote: row.askedAgainNote,
      answerCategory:
        row.answerCategoryId === null ? null : { id: row.answerCategoryId, name: row.answerCategoryName! },
      answerNote: row.answerNoteEncrypted === null ? null : fieldCrypto.decrypt(row.answerNoteEncrypted),
      receipt: row.receiptDocumentId === null ? null : { documentId: row.receiptDocumentId, name: row.receiptName! },
      askedBy: row.askedBy,
      askedAt: row.askedAt.toISOString(),
      answeredBy: row.answeredBy,
      answeredAt: row.answeredAt?.toISOString() ?? null,
      resolvedBy: row.resolvedBy,
      resolvedAt: row.resolvedAt?.toISOString() ?? null,
      version: row.version,
    };
  }

  async function record(
    caller: Caller,
    context: RequestContext,
    action: AuditAction,
    question: { id: number; clientId: number },
    details: Record<string, unknown>,
    tx: DbOrTx,
  ): Promise<void> {
    await audit.record(
      context,
      {
        action,
        actorUserId: caller.userId,
        objectType: 'transaction-question',
        objectId: question.id,
        clientId: question.clientId,
        details,
      },
      tx,
    );
  }

  async function reload(scope: ReconciliationScope, clientId: number, id: number, tx: DbOrTx) {
    return toDto((await repository.findById(scope, clientId, id, tx))!);
  }

  /** The locked question in scope, at the version the caller saw, in one of the statuses given. */
  async function lockForChange(
    scope: ReconciliationScope,
    clientId: number,
    id: number,
    expected: string[] | null,
    tx: DbOrTx,
  ) {
    const locked = await repository.lock(scope, clientId, id, tx);
    if (!locked) throw new NotFoundError('Question not found.');
    await assertCurrentVersion(tx, {
      current: locked.version,
      expected,
      objectType: 'transaction-question',
      objectId: id,
    });
    return locked;
  }

  /**
   * The receipt's tags: a "Receipt" tag when the firm's rules accept it for Bookkeeping (alone, or with
   * a Bookkeeping main tag that activates its group and nothing else); else no tag when the rules need
   * none; else a Bookkeeping main tag that needs nothing more, preferring one named "other" (the demo's
   * Other Documents). A receipt is never filed against the rules an upload must follow.
   */
  async function receiptTags(serviceId: number): Promise<number[] | null> {
    const [groups, receiptIds, otherIds] = await Promise.all([
      activeTagGroups(),
      repository.receiptTagIds(),
      repository.otherTagIds(),
    ]);
    const fits = (selection: number[]) => validateTagSelection(groups, serviceId, selection).length === 0;
    for (const id of receiptIds) if (fits([id])) return [id];
    const mains = mainTagsForService(groups, serviceId);
    for (const id of receiptIds) for (const main of mains) if (fits([main.id, id])) return [main.id, id];
    if (fits([])) return [];
    const alone = mains.filter((main) => fits([main.id]));
    const other = alone.find((main) => otherIds.includes(main.id));
    return other ? [other.id] : alone[0] ? [alone[0].id] : null;
  }

  return {
    async list(
      caller: Caller,
      clientId: number,
      query: TransactionQuestionListQuery,
    ): Promise<TransactionQuestionList> {
      const scope = await scopeOf(caller);
      await visibleClient(scope, clientId);
      const { rows, totalCount } = await repository.list(
        scope,
        clientId,
        { status: query.status, accountId: query.accountId, ...monthRange(query.month) },
        query,
      );
      return { items: rows.map(toDto), totalCount };
    },

    async details(caller: Caller, clientId: number, id: number): Promise<TransactionQuestionDto> {
      const row = await repository.findById(await scopeOf(caller), clientId, id);
      if (!row) throw new NotFoundError('Question not found.');
      return toDto(row);
    },

    /**
     * One question per transaction, all or nothing. A transaction outside the client (or the client
     * outside the scope) is 404 for the whole ask; one with an open question is 409 naming them. The
     * partial unique index decides a race between two asks: the check first is for the friendly answer.
     */
    async ask(
      caller: Caller,
      context: RequestContext,
      clientId: number,
      input: AskTransactionQuestionsInput,
    ): Promise<AskTransactionQuestionsResult> {
      requireStaff(caller);
      const scope = await scopeOf(caller);
      await visibleClient(scope, clientId);
      const found = await repository.transactionIdsOfClient(scope, clientId, input.transactionIds);
      if (found.length !== input.transactionIds.length) throw new NotFoundError('Transaction not found.');
      const suggestedCategoryId = input.suggestedCategoryId ?? null;
      if (suggestedCategoryId !== null && !(await repository.categoryExists(suggestedCategoryId))) {
        throw unknownCategory('suggestedCategoryId');
      }
      const texts = new Map(input.questions?.map((entry) => [entry.transactionId, entry.question]));
      try {
        return await db.transaction(async (tx) => {
          const open = await repository.openTransactionIds(input.transactionIds, tx);
          if (open.length > 0) throw alreadyOpen(open);
          const ids = await repository.insertMany(
            input.transactionIds.map((transactionId) => ({
              clientId,
              transactionId,
              question: input.question ?? texts.get(transactionId)!,
              suggestedCategoryId,
              status: TRANSACTION_QUESTION_STATUS.waiting,
              askedByUserId: caller.userId,
            })),
            tx,
          );
          for (const [index, id] of ids.entries()) {
            await record(
              caller,
              context,
              AUDIT_ACTION.transactionQuestionAsked,
              { id, clientId },
              { transactionId: input.transactionIds[index], suggestedCategoryId },
              tx,
            );
          }
          await announceAsked(caller, clientId, ids, false, tx);
          const rows = await repository.findByIds(scope, clientId, ids, tx);
          return { items: rows.map(toDto) };
        });
      } catch (error) {
        if (!isOpenQuestionConflict(error)) throw error;
        throw alreadyOpen(await repository.openTransactionIds(input.transactionIds));
      }
    },

    /**
     * Where the receipt of an answer is filed, checked before a byte is stored: the answer itself
     * (caller, question, status, category), uploads allowed, and the firm's tag rules.
     */
    async receiptFiling(
      caller: Caller,
      clientId: number,
      id: number,
      input: AnswerTransactionQuestionInput,
    ): Promise<ReceiptFiling> {
      requireClientUser(caller);
      const found = await repository.findById(await scopeOf(caller), clientId, id);
      if (!found) throw new NotFoundError('Question not found.');
      if (found.status !== TRANSACTION_QUESTION_STATUS.waiting) throw wrongStatus(found.status, 'waiting');
      if (!(await repository.categoryExists(input.categoryId))) throw unknownCategory('categoryId');
      // A receipt becomes one of the client's uploads: the same permission as any upload.
      if (!hasPermission(caller.permissions, 'my-upload:add')) throw new ForbiddenError();
      const serviceId = await reconciliation.bookkeepingServiceId();
      const tagIds = serviceId === null ? null : await receiptTags(serviceId);
      if (serviceId === null || tagIds === null) {
        const message = 'The firm has no tag to file receipts under Bookkeeping. Answer without the receipt.';
        throw new BadRequestError(message, TRANSACTION_QUESTION_ERROR.receiptNotFileable, [
          { in: 'body', field: 'files', message },
        ]);
      }
      return { clientId, serviceId, tagIds };
    },

    /**
     * The client's answer. With a receipt it runs inside the upload's transaction (`tx`), so the
     * document and the answer are kept together or not at all.
     */
    async answer(
      caller: Caller,
      context: RequestContext,
      clientId: number,
      id: number,
      input: AnswerTransactionQuestionInput,
      expected: string[] | null,
      receipt: { documentId: number; tx: DbOrTx } | null = null,
    ): Promise<TransactionQuestionDto> {
      requireClientUser(caller);
      const scope = await scopeOf(caller);
      // Everything read inside the transaction: with a receipt it is the upload's, and PGlite runs one
      // transaction at a time, so a read outside it would wait for it.
      const run = async (tx: DbOrTx) => {
        const locked = await lockForChange(scope, clientId, id, expected, tx);
        if (locked.status !== TRANSACTION_QUESTION_STATUS.waiting) throw wrongStatus(locked.status, 'waiting');
        if (!(await repository.categoryExists(input.categoryId, tx))) throw unknownCategory('categoryId');
        const note = input.note ?? null;
        await repository.update(
          id,
          {
            status: TRANSACTION_QUESTION_STATUS.answered,
            answerCategoryId: input.categoryId,
            answerNoteEncrypted: note === null ? null : fieldCrypto.encrypt(note),
            // An answer without a receipt keeps the one sent before (asked again about the category).
            ...(receipt ? { receiptDocumentId: receipt.documentId } : {}),
            answeredByUserId: caller.userId,
            answeredAt: new Date(),
          },
          tx,
        );
        // The note's length only: its text is what the encryption protects.
        await record(
          caller,
          context,
          AUDIT_ACTION.transactionQuestionAnswered,
          locked,
          {
            categoryId: input.categoryId,
            noteLength: note?.length ?? 0,
            receiptDocumentId: receipt?.documentId ?? null,
          },
          tx,
        );
        const answered = await reload(scope, clientId, id, tx);
        const serviceId = await reconciliation.bookkeepingServiceId(tx);
        if (serviceId !== null) {
          await notifications.publish(
            {
              kind: NOTIFICATION_KIND.transactionQuestionAnswered,
              clientId,
              actorUserId: caller.userId,
              serviceId,
              questionId: id,
              transactionName: answered.transaction.name,
              askedByUserId: locked.askedByUserId,
            },
            tx,
          );
        }
        return answered;
      };
      return receipt ? run(receipt.tx) : db.transaction(run);
    },

    /** The firm closes the question, answered or not (it may have found out otherwise). */
    async resolve(
      caller: Caller,
      context: RequestContext,
      clientId: number,
      id: number,
      expected: string[] | null,
    ): Promise<TransactionQuestionDto> {
      requireStaff(caller);
      const scope = await scopeOf(caller);
      return db.transaction(async (tx) => {
        const locked = await lockForChange(scope, clientId, id, expected, tx);
        if (locked.status === TRANSACTION_QUESTION_STATUS.resolved) throw wrongStatus(locked.status, 'open');
        await repository.update(
          id,
          { status: TRANSACTION_QUESTION_STATUS.resolved, resolvedByUserId: caller.userId, resolvedAt: new Date() },
          tx,
        );
        await record(caller, context, AUDIT_ACTION.transactionQuestionResolved, locked, { from: locked.status }, tx);
        return reload(scope, clientId, id, tx);
      });
    },

    /** Back to the client with the firm's note; the previous answer stays until the next one. */
    async askAgain(
      caller: Caller,
      context: RequestContext,
      clientId: number,
      id: number,
      input: AskAgainTransactionQuestionInput,
      expected: string[] | null,
    ): Promise<TransactionQuestionDto> {
      requireStaff(caller);
      const scope = await scopeOf(caller);
      return db.transaction(async (tx) => {
        const locked = await lockForChange(scope, clientId, id, expected, tx);
        if (locked.status !== TRANSACTION_QUESTION_STATUS.answered) throw wrongStatus(locked.status, 'answered');
        // Asked again (which tells the client now): its reminders start over, the first everyDays on.
        await repository.update(
          id,
          {
            status: TRANSACTION_QUESTION_STATUS.waiting,
            askedAgainNote: input.note,
            reminderCount: 0,
            lastRemindedAt: new Date(),
          },
          tx,
        );
        await record(caller, context, AUDIT_ACTION.transactionQuestionAskedAgain, locked, {}, tx);
        await announceAsked(caller, clientId, [id], true, tx);
        return reload(scope, clientId, id, tx);
      });
    },
  };
}
