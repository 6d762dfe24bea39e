import { and, count, eq, gte, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  RECEIPT_TAG_NAME,
  TRANSACTION_QUESTION_REMINDER,
  TRANSACTION_QUESTION_STATUS,
  type TransactionQuestionStatus,
} from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import { newestFirst, runPrepared } from '../../lib/list-query.js';
import {
  bankAccounts,
  bankTransactions,
  documents,
  tags,
  transactionCategories,
  transactionQuestions,
  users,
} from '../../db/schema/index.js';
import { rowVersion } from '../../lib/row-version.js';
import { reconciliationScopeCondition, type ReconciliationScope } from '../reconciliation/index.js';

export type TransactionQuestionsRepository = ReturnType<typeof createTransactionQuestionsRepository>;

export interface QuestionListFilters {
  status?: TransactionQuestionStatus;
  accountId?: number;
  /** Half-open range of transaction dates, YYYY-MM-DD. */
  from?: string;
  to?: string;
}

const suggested = alias(transactionCategories, 'suggested_category');
const answered = alias(transactionCategories, 'answer_category');
const askedBy = alias(users, 'asked_by');
const answeredBy = alias(users, 'answered_by');
const resolvedBy = alias(users, 'resolved_by');

const personName = (person: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string | null>`nullif(trim(concat_ws(' ', ${person.firstName}, ${person.lastName})), '')`;

const questionColumns = {
  id: transactionQuestions.id,
  clientId: transactionQuestions.clientId,
  transactionId: bankTransactions.id,
  transactionDate: bankTransactions.date,
  transactionName: bankTransactions.name,
  amountCents: bankTransactions.amountCents,
  isoCurrencyCode: bankTransactions.isoCurrencyCode,
  accountId: bankAccounts.id,
  accountName: bankAccounts.name,
  mask: bankAccounts.mask,
  question: transactionQuestions.question,
  suggestedCategoryId: suggested.id,
  suggestedCategoryName: suggested.name,
  status: sql<TransactionQuestionStatus>`${transactionQuestions.status}`,
  askedAgainNote: transactionQuestions.askedAgainNote,
  answerCategoryId: answered.id,
  answerCategoryName: answered.name,
  answerNoteEncrypted: transactionQuestions.answerNoteEncrypted,
  receiptDocumentId: documents.id,
  receiptName: documents.displayName,
  askedBy: personName(askedBy),
  askedAt: transactionQuestions.askedAt,
  answeredBy: personName(answeredBy),
  answeredAt: transactionQuestions.answeredAt,
  resolvedBy: personName(resolvedBy),
  resolvedAt: transactionQuestions.resolvedAt,
  version: rowVersion(transactionQuestions),
};

export type QuestionRow = NonNullable<Awaited<ReturnType<TransactionQuestionsRepository['findById']>>>;

/**
 * Questions about bank transactions (docs/reconciliation.md "Transaction questions"). Every method on
 * client data takes the caller's `ReconciliationScope` and puts it in its WHERE clause.
 */
export function createTransactionQuestionsRepository({ db }: { db: DbOrTx }) {
  function inClient(tx: DbOrTx, scope: ReconciliationScope, clientId: number): SQL {
    return and(
      eq(transactionQuestions.clientId, clientId),
      reconciliationScopeCondition(tx, scope, transactionQuestions.clientId),
    )!;
  }

  function selectQuestions(tx: DbOrTx) {
    return tx
      .select(questionColumns)
      .from(transactionQuestions)
      .innerJoin(bankTransactions, eq(bankTransactions.id, transactionQuestions.transactionId))
      .innerJoin(bankAccounts, eq(bankAccounts.id, bankTransactions.accountId))
      .leftJoin(suggested, eq(suggested.id, transactionQuestions.suggestedCategoryId))
      .leftJoin(answered, eq(answered.id, transactionQuestions.answerCategoryId))
      .leftJoin(documents, eq(documents.id, transactionQuestions.receiptDocumentId))
      .leftJoin(askedBy, eq(askedBy.id, transactionQuestions.askedByUserId))
      .leftJoin(answeredBy, eq(answeredBy.id, transactionQuestions.answeredByUserId))
      .leftJoin(resolvedBy, eq(resolvedBy.id, transactionQuestions.resolvedByUserId));
  }

  function listWhere(tx: DbOrTx, scope: ReconciliationScope, clientId: number, f: QuestionListFilters): SQL {
    return and(
      inClient(tx, scope, clientId),
      f.status === undefined ? undefined : eq(transactionQuestions.status, f.status),
      f.accountId === undefined ? undefined : eq(bankTransactions.accountId, f.accountId),
      f.from === undefined ? undefined : gte(bankTransactions.date, f.from),
      f.to === undefined ? undefined : lt(bankTransactions.date, f.to),
    )!;
  }

  /** The count reads the transactions only when a filter is on them: a client's questions are counted on their index. */
  function countOf(tx: DbOrTx, f: QuestionListFilters, where: SQL) {
    const query = tx.select({ n: count() }).from(transactionQuestions).$dynamic();
    const onTransactions = f.accountId !== undefined || f.from !== undefined || f.to !== undefined;
    return onTransactions
      ? query.innerJoin(bankTransactions, eq(bankTransactions.id, transactionQuestions.transactionId)).where(where)
      : query.where(where);
  }

  return {
    /** Newest asked first, on the (client, asked_at desc) index, or (client, status, asked_at desc) for a status. */
    async list(
      scope: ReconciliationScope,
      clientId: number,
      filters: QuestionListFilters,
      page: { limit: number; offset: number },
      tx = db,
    ) {
      const where = listWhere(tx, scope, clientId, filters);
      const [rows, [total]] = await Promise.all([
        runPrepared(
          selectQuestions(tx)
            .where(where)
            .orderBy(...newestFirst(transactionQuestions.askedAt, transactionQuestions.id))
            .limit(page.limit)
            .offset(page.offset),
        ),
        runPrepared(countOf(tx, filters, where)),
      ]);
      return { rows, totalCount: total?.n ?? 0 };
    },

    async findById(scope: ReconciliationScope, clientId: number, id: number, tx = db) {
      const [row] = await selectQuestions(tx)
        .where(and(eq(transactionQuestions.id, id), inClient(tx, scope, clientId)))
        .limit(1);
      return row ?? null;
    },

    async findByIds(scope: ReconciliationScope, clientId: number, ids: readonly number[], tx = db) {
      if (ids.length === 0) return [];
      return selectQuestions(tx)
        .where(and(inArray(transactionQuestions.id, [...ids]), inClient(tx, scope, clientId)))
        .orderBy(...newestFirst(transactionQuestions.askedAt, transactionQuestions.id));
    },

    /** The question's row locked for a change, with its version (xmin) read under the lock. */
    async lock(scope: ReconciliationScope, clientId: number, id: number, tx: DbOrTx) {
      const [row] = await tx
        .select({
          id: transactionQuestions.id,
          clientId: transactionQuestions.clientId,
          transactionId: transactionQuestions.transactionId,
          askedByUserId: transactionQuestions.askedByUserId,
          status: sql<TransactionQuestionStatus>`${transactionQuestions.status}`,
          version: rowVersion(transactionQuestions),
        })
        .from(transactionQuestions)
        .where(and(eq(transactionQuestions.id, id), inClient(tx, scope, clientId)))
        .for('update');
      return row ?? null;
    },

    /** Of `ids`, those that are transactions of the client's accounts, with the client in scope. */
    async transactionIdsOfClient(
      scope: ReconciliationScope,
      clientId: number,
      ids: readonly number[],
      tx = db,
    ): Promise<number[]> {
      const rows = await tx
        .select({ id: bankTransactions.id })
        .from(bankTransactions)
        .innerJoin(bankAccounts, eq(bankAccounts.id, bankTransactions.accountId))
        .where(
          and(
            inArray(bankTransactions.id, [...ids]),
            eq(bankAccounts.clientId, clientId),
            reconciliationScopeCondition(tx, scope, bankAccounts.clientId),
          ),
        );
      return rows.map((row) => row.id);
    },

    /** Of `transactionIds`, those with a question that is not resolved. */
    async openTransactionIds(transactionIds: readonly number[], tx = db): Promise<number[]> {
      const rows = await tx
        .select({ id: transactionQuestions.transactionId })
        .from(transactionQuestions)
        .where(
          and(
            inArray(transactionQuestions.transactionId, [...transactionIds]),
            ne(transactionQuestions.status, TRANSACTION_QUESTION_STATUS.resolved),
          ),
        );
      return rows.map((row) => row.id).sort((a, b) => a - b);
    },

    async categoryExists(id: number, tx = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: transactionCategories.id })
        .from(transactionCategories)
        .where(eq(transactionCategories.id, id));
      return row !== undefined;
    },

    /**
     * Claims the questions due a reminder at `at` (TRANSACTION_QUESTION_REMINDER): waiting for
     * `afterDays`, not reminded for `everyDays`, fewer than `maxCount` times. The claim is the update
     * itself, so two runs (two workers, a retry) remind each question once.
     * @unscoped the reminders' job: every client's questions waiting on them
     */
    async claimDueReminders(at: Date, tx: DbOrTx): Promise<Array<{ id: number; clientId: number }>> {
      const { afterDays, everyDays, maxCount } = TRANSACTION_QUESTION_REMINDER;
      const daysBefore = (days: number) => new Date(at.getTime() - days * 24 * 60 * 60 * 1000);
      return tx
        .update(transactionQuestions)
        .set({ reminderCount: sql`${transactionQuestions.reminderCount} + 1`, lastRemindedAt: at })
        .where(
          and(
            eq(transactionQuestions.status, TRANSACTION_QUESTION_STATUS.waiting),
            lte(transactionQuestions.askedAt, daysBefore(afterDays)),
            lt(transactionQuestions.reminderCount, maxCount),
            or(
              isNull(transactionQuestions.lastRemindedAt),
              lte(transactionQuestions.lastRemindedAt, daysBefore(everyDays)),
            ),
          ),
        )
        .returning({ id: transactionQuestions.id, clientId: transactionQuestions.clientId });
    },

    async insertMany(rows: Array<typeof transactionQuestions.$inferInsert>, tx: DbOrTx): Promise<number[]> {
      const inserted = await tx.insert(transactionQuestions).values(rows).returning({ id: transactionQuestions.id });
      return inserted.map((row) => row.id);
    },

    async update(
      id: number,
      values: Partial<Omit<typeof transactionQuestions.$inferInsert, 'id' | 'clientId' | 'transactionId'>>,
      tx: DbOrTx,
    ): Promise<void> {
      await tx.update(transactionQuestions).set(values).where(eq(transactionQuestions.id, id));
    },

    /** Active tags named "Receipt" (name or display name, any case): what a receipt is filed with. */
    async receiptTagIds(tx = db): Promise<number[]> {
      const rows = await tx
        .select({ id: tags.id })
        .from(tags)
        .where(
          and(
            eq(tags.isActive, true),
            or(sql`lower(${tags.name}) = ${RECEIPT_TAG_NAME}`, sql`lower(${tags.displayName}) = ${RECEIPT_TAG_NAME}`),
          ),
        );
      return rows.map((row) => row.id);
    },

    /** Active tags whose name or display name says "other" (Other Documents): a receipt's fallback filing. */
    async otherTagIds(tx = db): Promise<number[]> {
      const rows = await tx
        .select({ id: tags.id })
        .from(tags)
        .where(
          and(eq(tags.isActive, true), or(sql`${tags.name} ilike '%other%'`, sql`${tags.displayName} ilike '%other%'`)),
        );
      return rows.map((row) => row.id);
    },

    /** Questions waiting on the client (a client user's To do), oldest asked first. */
    async waiting(scope: ReconciliationScope, clientId: number, tx = db) {
      return tx
        .select({
          id: transactionQuestions.id,
          clientId: transactionQuestions.clientId,
          transactionName: bankTransactions.name,
          transactionDate: bankTransactions.date,
          askedAgainNote: transactionQuestions.askedAgainNote,
        })
        .from(transactionQuestions)
        .innerJoin(bankTransactions, eq(bankTransactions.id, transactionQuestions.transactionId))
        .where(and(eq(transactionQuestions.status, TRANSACTION_QUESTION_STATUS.waiting), inClient(tx, scope, clientId)))
        .orderBy(transactionQuestions.askedAt, transactionQuestions.id)
        .limit(500);
    },
  };
}
