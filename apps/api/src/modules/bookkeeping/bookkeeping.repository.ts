import { and, count, eq, exists, getTableColumns, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  BOOKKEEPING_SERVICE_NAME,
  BOOKKEEPING_TAG_NAME,
  REQUEST_ITEM_STATUS,
  REQUEST_STATUS,
  TRANSACTION_QUESTION_STATUS,
  type BookkeepingSortKey,
} from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  bankTransactions,
  bookkeepingRecords,
  clientCollaboratorServices,
  clients,
  documentTags,
  documents,
  requestItems,
  requests,
  services,
  tagGroups,
  tags,
  transactionQuestions,
  users,
} from '../../db/schema/index.js';
import { orderByFromQuery, runPrepared } from '../../lib/list-query.js';
import { lockCurrentVersion, rowVersion } from '../../lib/row-version.js';
import { activeCollaboratorWithGrant, clientScopeCondition, type ClientScope } from '../clients/index.js';

export type BookkeepingRepository = ReturnType<typeof createBookkeepingRepository>;

/** A calendar month; documents count for it when uploaded in [first day 00:00 UTC, next month's first day). */
export interface Period {
  year: number;
  month: number;
}

export interface BookkeepingListFilters {
  clientId?: number;
  advisorUserId?: number;
  isActiveClient?: boolean;
}

export interface StoredValues {
  numberOfAccounts: number;
  isQuickBooksDraftDone: boolean;
  isQuickBooksReviewDone: boolean;
}

/** A stored row with its version (`xmin`, lib/row-version.ts). */
const recordColumns = { ...getTableColumns(bookkeepingRecords), version: rowVersion(bookkeepingRecords) };
export type BookkeepingRecordRow = typeof bookkeepingRecords.$inferSelect & { version: string };

const owner = alias(users, 'owner');
const advisor = alias(users, 'advisor');

const monthStart = ({ year, month }: Period) => new Date(Date.UTC(year, month - 1, 1));
const monthEnd = ({ year, month }: Period) => new Date(Date.UTC(year, month, 1));

/**
 * The tracker's clients (docs/bookkeeping.md): those with the Bookkeeping service now, or that ever
 * had it, so a client that has dropped the service keeps its past months on screen. The database
 * keeps that in one column (migrations 0028 and 0044: giving a client the service, or naming a
 * client's service Bookkeeping, sets it), the rule reconciliation and the current-client answer
 * read too; the tracker's page is read off a partial index on it in name order (issue 26).
 */
function isTrackerClient(): SQL {
  return eq(clients.usedBookkeepingServiceAtLeastOnce, true);
}

function listWhere(db: DbOrTx, scope: ClientScope, f: BookkeepingListFilters): SQL | undefined {
  return and(
    isTrackerClient(),
    clientScopeCondition(db, scope),
    f.clientId === undefined ? undefined : eq(clients.id, f.clientId),
    f.advisorUserId === undefined ? undefined : eq(clients.advisorUserId, f.advisorUserId),
    f.isActiveClient === undefined ? undefined : eq(clients.isActive, f.isActiveClient),
  );
}

const fullNameOf = (table: typeof owner) => sql<string>`${table.firstName} || ' ' || ${table.lastName}`;

const SORTABLE: Record<BookkeepingSortKey, SQL> = {
  clientName: sql`lower(${clients.name})`,
  advisor: sql`lower(${advisor.firstName} || ' ' || ${advisor.lastName})`,
  owner: sql`lower(${owner.firstName} || ' ' || ${owner.lastName})`,
  numberOfAccounts: sql`coalesce(${bookkeepingRecords.numberOfAccounts}, 0)`,
};

/** A client's documents filed under one bookkeeping main tag (by machine name), for an EXISTS. */
function statementDocuments(db: DbOrTx, tagName: string) {
  return db
    .select({ one: documents.id })
    .from(documents)
    .innerJoin(documentTags, eq(documentTags.documentId, documents.id))
    .innerJoin(tags, and(eq(tags.id, documentTags.tagId), sql`lower(${tags.name}) = ${tagName}`))
    .innerJoin(tagGroups, and(eq(tagGroups.id, tags.tagGroupId), eq(tagGroups.isMainTagGroup, true)))
    .$dynamic();
}

export function createBookkeepingRepository({ db }: { db: DbOrTx }) {
  /** The month's stored row joins on the unique (client, year, month) index. */
  const recordOfPeriod = (period: Period) =>
    and(
      eq(bookkeepingRecords.clientId, clients.id),
      eq(bookkeepingRecords.year, period.year),
      eq(bookkeepingRecords.month, period.month),
    );

  return {
    /** One page of tracker clients with their stored row for the month (null where none yet). */
    findPage(
      scope: ClientScope,
      filters: BookkeepingListFilters,
      period: Period,
      sort: { sortedBy?: BookkeepingSortKey; sortedDesc?: boolean },
      page: { limit: number; offset: number },
      tx = db,
    ) {
      return runPrepared(
        tx
          .select({
            clientId: clients.id,
            clientName: clients.name,
            isActive: clients.isActive,
            ownerUserId: clients.ownerUserId,
            ownerFullName: fullNameOf(owner),
            advisorUserId: clients.advisorUserId,
            advisorFullName: sql<string | null>`${advisor.firstName} || ' ' || ${advisor.lastName}`,
            recordId: bookkeepingRecords.id,
            /** Null where nothing is stored for the month. */
            recordVersion: sql<string | null>`${bookkeepingRecords}.xmin::text`,
            numberOfAccounts: bookkeepingRecords.numberOfAccounts,
            isQuickBooksDraftDone: bookkeepingRecords.isQuickBooksDraftDone,
            isQuickBooksReviewDone: bookkeepingRecords.isQuickBooksReviewDone,
          })
          .from(clients)
          .innerJoin(owner, eq(owner.id, clients.ownerUserId))
          .leftJoin(advisor, eq(advisor.id, clients.advisorUserId))
          .leftJoin(bookkeepingRecords, recordOfPeriod(period))
          .where(listWhere(tx, scope, filters))
          .orderBy(...orderByFromQuery(SORTABLE, sort, { key: 'clientName' }, clients.id))
          .limit(page.limit)
          .offset(page.offset),
      );
    },

    async count(scope: ClientScope, filters: BookkeepingListFilters, tx = db): Promise<number> {
      const [row] = await runPrepared(
        tx
          .select({ n: count() })
          .from(clients)
          .where(listWhere(tx, scope, filters)),
      );
      return row?.n ?? 0;
    },

    /**
     * For one page of clients, in one grouped query: how many of each client's documents uploaded
     * in the month carry the bank-statement main tag, and how many the financial-statements one.
     * Tags are matched by machine name within the main tag group (names are unique per group).
     */
    async countStatementDocuments(clientIds: number[], period: Period, scope: ClientScope, tx = db) {
      if (clientIds.length === 0) return [];
      const tagName = sql<string>`lower(${tags.name})`;
      return tx
        .select({
          clientId: documents.clientId,
          bankStatements:
            sql<number>`count(distinct ${documents.id}) filter (where ${tagName} = ${BOOKKEEPING_TAG_NAME.bankStatement})`.mapWith(
              Number,
            ),
          financialStatements:
            sql<number>`count(distinct ${documents.id}) filter (where ${tagName} = ${BOOKKEEPING_TAG_NAME.financialStatements})`.mapWith(
              Number,
            ),
        })
        .from(documents)
        .innerJoin(documentTags, eq(documentTags.documentId, documents.id))
        .innerJoin(tags, eq(tags.id, documentTags.tagId))
        .innerJoin(tagGroups, and(eq(tagGroups.id, tags.tagGroupId), eq(tagGroups.isMainTagGroup, true)))
        .where(
          and(
            inArray(documents.clientId, clientIds),
            clientScopeCondition(tx, scope, documents.clientId),
            gte(documents.createdAt, monthStart(period)),
            lt(documents.createdAt, monthEnd(period)),
            inArray(tagName, [BOOKKEEPING_TAG_NAME.bankStatement, BOOKKEEPING_TAG_NAME.financialStatements]),
          ),
        )
        .groupBy(documents.clientId);
    },

    /**
     * Per month from `first` to `last` (inclusive), over the tracker rows the filters list: how
     * many stored rows have each QuickBooks check done, and how many are complete (both checks and
     * both kinds of statement uploaded that month, UTC). Months without a stored row are absent.
     */
    storedChecksByMonth(scope: ClientScope, filters: BookkeepingListFilters, first: Period, last: Period, tx = db) {
      const r = bookkeepingRecords;
      const monthIndex = sql`${r.year} * 12 + ${r.month}`;
      const monthFrom = sql`make_timestamptz(${r.year}, ${r.month}, 1, 0, 0, 0, 'UTC')`;
      const uploadedInMonth = (tagName: string) =>
        exists(
          statementDocuments(tx, tagName).where(
            and(
              eq(documents.clientId, r.clientId),
              sql`${documents.createdAt} >= ${monthFrom}`,
              sql`${documents.createdAt} < ${monthFrom} + interval '1 month'`,
            ),
          ),
        );
      const done = and(eq(r.isQuickBooksDraftDone, true), eq(r.isQuickBooksReviewDone, true));
      return tx
        .select({
          year: r.year,
          month: r.month,
          quickBooksDraftDone: count(sql`case when ${r.isQuickBooksDraftDone} then 1 end`),
          quickBooksReviewDone: count(sql`case when ${r.isQuickBooksReviewDone} then 1 end`),
          complete: count(
            sql`case when ${and(done, uploadedInMonth(BOOKKEEPING_TAG_NAME.bankStatement), uploadedInMonth(BOOKKEEPING_TAG_NAME.financialStatements))} then 1 end`,
          ),
        })
        .from(r)
        .innerJoin(clients, eq(clients.id, r.clientId))
        .where(
          and(
            listWhere(tx, scope, filters),
            sql`${monthIndex} between ${first.year * 12 + first.month} and ${last.year * 12 + last.month}`,
          ),
        )
        .groupBy(r.year, r.month);
    },

    /**
     * Per month (`YYYY-MM`, UTC) from `first` to `last` (inclusive), over the tracker rows the
     * filters list: how many clients uploaded a bank statement, and how many financial statements.
     */
    async statementClientsByMonth(
      scope: ClientScope,
      filters: BookkeepingListFilters,
      first: Period,
      last: Period,
      tx = db,
    ) {
      const tagName = sql<string>`lower(${tags.name})`;
      const month = sql<string>`to_char(${documents.createdAt} at time zone 'UTC', 'YYYY-MM')`;
      return tx
        .select({
          month,
          bankStatementsUploaded:
            sql<number>`count(distinct ${documents.clientId}) filter (where ${tagName} = ${BOOKKEEPING_TAG_NAME.bankStatement})`.mapWith(
              Number,
            ),
          financialStatementsUploaded:
            sql<number>`count(distinct ${documents.clientId}) filter (where ${tagName} = ${BOOKKEEPING_TAG_NAME.financialStatements})`.mapWith(
              Number,
            ),
        })
        .from(documents)
        .innerJoin(documentTags, eq(documentTags.documentId, documents.id))
        .innerJoin(tags, eq(tags.id, documentTags.tagId))
        .innerJoin(tagGroups, and(eq(tagGroups.id, tags.tagGroupId), eq(tagGroups.isMainTagGroup, true)))
        .innerJoin(clients, eq(clients.id, documents.clientId))
        .where(
          and(
            listWhere(tx, scope, filters),
            gte(documents.createdAt, monthStart(first)),
            lt(documents.createdAt, monthEnd(last)),
            inArray(tagName, [BOOKKEEPING_TAG_NAME.bankStatement, BOOKKEEPING_TAG_NAME.financialStatements]),
          ),
        )
        .groupBy(month);
    },

    /**
     * A client user's own tracker client for the month status: their current client, as its owner or
     * a collaborator granted Bookkeeping (a collaborator sees only the services granted to them).
     * @unscoped this is the client user's scope: ownership or the Bookkeeping grant, checked here
     */
    async findOwnTrackerClient(clientId: number, userId: number, tx = db) {
      const bookkeeping = tx
        .select({ id: services.id })
        .from(services)
        .where(sql`lower(${services.name}) = ${BOOKKEEPING_SERVICE_NAME}`);
      const [row] = await tx
        .select({ id: clients.id, name: clients.name })
        .from(clients)
        .where(
          and(
            eq(clients.id, clientId),
            isTrackerClient(),
            or(
              eq(clients.ownerUserId, userId),
              activeCollaboratorWithGrant(
                tx,
                clients.id,
                userId,
                inArray(clientCollaboratorServices.serviceId, bookkeeping),
              ),
            ),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /**
     * What waits on each client per month (`YYYY-MM`) from `first` to `last`: questions on the month's
     * bank transactions (by posting date) not yet answered, and items of the month's open bookkeeping
     * requests (a schedule's period, else the due date) requested or returned.
     * @unscoped the service passes clients it has just found in the caller's scope
     */
    async waitingOnClientsByMonth(clientIds: readonly number[], first: Period, last: Period, tx = db) {
      if (clientIds.length === 0) return { questions: [], items: [] };
      const from = `${first.year}-${String(first.month).padStart(2, '0')}`;
      const to = `${last.year}-${String(last.month).padStart(2, '0')}`;
      const questionMonth = sql<string>`to_char(${bankTransactions.date}, 'YYYY-MM')`;
      const itemMonth = sql<string>`coalesce(${requests.period}, to_char(${requests.dueDate}, 'YYYY-MM'))`;
      const [questions, items] = await Promise.all([
        tx
          .select({
            clientId: transactionQuestions.clientId,
            month: questionMonth,
            n: sql<number>`count(*)`.mapWith(Number),
          })
          .from(transactionQuestions)
          .innerJoin(bankTransactions, eq(bankTransactions.id, transactionQuestions.transactionId))
          .where(
            and(
              inArray(transactionQuestions.clientId, [...clientIds]),
              eq(transactionQuestions.status, TRANSACTION_QUESTION_STATUS.waiting),
              sql`${questionMonth} between ${from} and ${to}`,
            ),
          )
          .groupBy(transactionQuestions.clientId, questionMonth),
        tx
          .select({ clientId: requests.clientId, month: itemMonth, n: sql<number>`count(*)`.mapWith(Number) })
          .from(requestItems)
          .innerJoin(requests, eq(requests.id, requestItems.requestId))
          .innerJoin(services, eq(services.id, requests.serviceId))
          .where(
            and(
              inArray(requests.clientId, [...clientIds]),
              eq(requests.status, REQUEST_STATUS.open),
              inArray(requestItems.status, [REQUEST_ITEM_STATUS.requested, REQUEST_ITEM_STATUS.returned]),
              sql`lower(${services.name}) = ${BOOKKEEPING_SERVICE_NAME}`,
              sql`${itemMonth} between ${from} and ${to}`,
            ),
          )
          .groupBy(requests.clientId, itemMonth),
      ]);
      return { questions, items };
    },

    /** A client the tracker lists and the caller may see, or null. */
    async findTrackerClient(clientId: number, scope: ClientScope, tx = db) {
      const [row] = await tx
        .select({ id: clients.id, name: clients.name })
        .from(clients)
        .where(and(eq(clients.id, clientId), isTrackerClient(), clientScopeCondition(tx, scope)))
        .limit(1);
      return row ?? null;
    },

    /** A stored row whose client the caller may see, or null. */
    async findById(id: number, scope: ClientScope, tx = db) {
      const [row] = await tx
        .select({ id: bookkeepingRecords.id, clientId: bookkeepingRecords.clientId })
        .from(bookkeepingRecords)
        .innerJoin(clients, eq(clients.id, bookkeepingRecords.clientId))
        .where(and(eq(bookkeepingRecords.id, id), clientScopeCondition(tx, scope)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Creates the client's row for the month; when one exists already (a second first edit that
     * raced the first), answers null and leaves it alone for the caller to update.
     *
     * @unscoped a new row: the service has just found its client with `findTrackerClient` in the caller's scope
     */
    async insertIfAbsent(values: StoredValues & Period & { clientId: number; userId: number }, tx = db) {
      const [row] = await tx
        .insert(bookkeepingRecords)
        .values({ ...values, updatedByUserId: values.userId })
        .onConflictDoNothing({
          target: [bookkeepingRecords.clientId, bookkeepingRecords.year, bookkeepingRecords.month],
        })
        .returning(recordColumns);
      return row ?? null;
    },

    async update(
      where: { id: number } | (Period & { clientId: number }),
      values: StoredValues,
      userId: number,
      scope: ClientScope,
      tx = db,
    ) {
      const [row] = await tx
        .update(bookkeepingRecords)
        .set({ ...values, updatedByUserId: userId, updatedAt: sql`now()` })
        .where(
          and(
            'id' in where
              ? eq(bookkeepingRecords.id, where.id)
              : and(
                  eq(bookkeepingRecords.clientId, where.clientId),
                  eq(bookkeepingRecords.year, where.year),
                  eq(bookkeepingRecords.month, where.month),
                ),
            clientScopeCondition(tx, scope, bookkeepingRecords.clientId),
          ),
        )
        .returning(recordColumns);
      return row ?? null;
    },

    /**
     * Locks a stored row and refuses a stale If-Match (412, lib/row-version.ts); null when there is
     * none. The service has already found it in the caller's scope.
     * @unscoped the service finds the row in the caller's scope first; this only locks it by id
     */
    lockVersion(id: number, expected: string[] | null, tx: DbOrTx) {
      return lockCurrentVersion(tx, {
        table: bookkeepingRecords,
        where: eq(bookkeepingRecords.id, id),
        expected,
        objectType: 'bookkeeping',
        objectId: id,
      });
    },
  };
}
