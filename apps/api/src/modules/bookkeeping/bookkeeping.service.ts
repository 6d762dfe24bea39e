import {
  BOOKKEEPING_CHART_MONTHS,
  BOOKKEEPING_MONTH_STATUS,
  BOOKKEEPING_SORT_KEYS,
  ERROR_CODE,
  type BookkeepingCompletionDto,
  type BookkeepingMonthStatus,
  type BookkeepingYearDto,
  type BookkeepingYearQuery,
  type BookkeepingFilters,
  type BookkeepingRecordDto,
  type BookkeepingRowDto,
  type EditBookkeepingInput,
  type InsertBookkeepingInput,
  type ListBookkeepingQuery,
  type Paged,
} from '@ledgerport/shared';
import type { Db } from '../../db/client.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { Principal } from '../auth/index.js';
import { clientScopeOf, EVERY_CLIENT } from '../clients/index.js';
import type { BookkeepingRecordRow, BookkeepingRepository, Period, StoredValues } from './bookkeeping.repository.js';

const SORT_KEY = new Map(BOOKKEEPING_SORT_KEYS.map((key) => [key.toLowerCase(), key]));
const OBJECT_TYPE = 'bookkeeping';

type RecordRow = BookkeepingRecordRow;

const toRecordDto = (row: RecordRow): BookkeepingRecordDto => ({
  id: row.id,
  version: row.version,
  clientId: row.clientId,
  numberOfAccounts: row.numberOfAccounts,
  isQuickBooksDraftDone: row.isQuickBooksDraftDone,
  isQuickBooksReviewDone: row.isQuickBooksReviewDone,
  year: row.year,
  month: row.month,
});

/** Without a year or month the list shows the current one (UTC), as the screen does by default. */
function periodOf(query: Pick<ListBookkeepingQuery, 'year' | 'month'>, now = new Date()): Period {
  return { year: query.year ?? now.getUTCFullYear(), month: query.month ?? now.getUTCMonth() + 1 };
}

/** The `count` months ending with `last`, oldest first. */
function monthsEndingWith(last: Period, count: number): Period[] {
  return Array.from({ length: count }, (_, i) => {
    const first = new Date(Date.UTC(last.year, last.month - count + i, 1));
    return { year: first.getUTCFullYear(), month: first.getUTCMonth() + 1 };
  });
}

const monthKey = ({ year, month }: Period) => `${year}-${String(month).padStart(2, '0')}`;

/** The four checks of a client's month, as the tracker shows them. */
interface MonthChecks {
  bankStatementsUploaded: boolean;
  quickBooksDraftDone: boolean;
  quickBooksReviewDone: boolean;
  financialStatementsUploaded: boolean;
}

/**
 * The month as the client sees it (docs/bookkeeping.md, month status): closed once the four checks
 * are done and nothing waits on the client; otherwise waiting on the client while a question or a
 * request item does, collecting while no bank statement is in, else in progress (the firm's draft,
 * review or statements). A month that has not begun is upcoming.
 */
export function monthStatusOf(
  period: Period,
  checks: MonthChecks,
  waiting: { openQuestions: number; openRequestItems: number },
  now = new Date(),
): BookkeepingMonthStatus {
  const current = { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
  if (period.year * 12 + period.month > current.year * 12 + current.month) return BOOKKEEPING_MONTH_STATUS.upcoming;
  const waitsOnClient = waiting.openQuestions + waiting.openRequestItems > 0;
  if (
    !waitsOnClient &&
    checks.bankStatementsUploaded &&
    checks.quickBooksDraftDone &&
    checks.quickBooksReviewDone &&
    checks.financialStatementsUploaded
  ) {
    return BOOKKEEPING_MONTH_STATUS.closed;
  }
  if (waitsOnClient) return BOOKKEEPING_MONTH_STATUS.waitingOnYou;
  if (!checks.bankStatementsUploaded) return BOOKKEEPING_MONTH_STATUS.collecting;
  return BOOKKEEPING_MONTH_STATUS.inProgress;
}

/** Per client and month (`clientId:YYYY-MM`), what waits on the client. */
function waitingIndex(waiting: {
  questions: ReadonlyArray<{ clientId: number; month: string; n: number }>;
  items: ReadonlyArray<{ clientId: number; month: string; n: number }>;
}) {
  const questions = new Map(waiting.questions.map((row) => [`${row.clientId}:${row.month}`, row.n]));
  const items = new Map(waiting.items.map((row) => [`${row.clientId}:${row.month}`, row.n]));
  return (clientId: number, period: Period) => ({
    openQuestions: questions.get(`${clientId}:${monthKey(period)}`) ?? 0,
    openRequestItems: items.get(`${clientId}:${monthKey(period)}`) ?? 0,
  });
}

export type BookkeepingService = ReturnType<typeof createBookkeepingService>;

export function createBookkeepingService(deps: { db: Db; bookkeeping: BookkeepingRepository; audit: AuditLog }) {
  const { db, bookkeeping, audit } = deps;

  const recordAudit = (row: RecordRow, created: boolean, caller: Principal, context: RequestContext, tx: Db) =>
    audit.record(
      context,
      {
        action: AUDIT_ACTION.bookkeepingUpdated,
        actorUserId: caller.userId,
        objectType: OBJECT_TYPE,
        objectId: row.id,
        clientId: row.clientId,
        details: {
          created,
          year: row.year,
          month: row.month,
          numberOfAccounts: row.numberOfAccounts,
          isQuickBooksDraftDone: row.isQuickBooksDraftDone,
          isQuickBooksReviewDone: row.isQuickBooksReviewDone,
        },
      },
      tx,
    );

  return {
    /** One row per tracker client for the month: stored values joined, document columns derived. */
    async list(query: ListBookkeepingQuery, caller: Principal): Promise<Paged<BookkeepingRowDto>> {
      const period = periodOf(query);
      const scope = clientScopeOf(caller);
      const filters = {
        clientId: query.clientId,
        advisorUserId: query.advisorUserId,
        isActiveClient: query.isActiveClient,
      };
      const sort = {
        sortedBy: query.sortedBy ? SORT_KEY.get(query.sortedBy.toLowerCase()) : undefined,
        sortedDesc: query.sortedDesc,
      };
      const [rows, totalCount] = await Promise.all([
        bookkeeping.findPage(scope, filters, period, sort, { limit: query.limit, offset: query.offset }),
        bookkeeping.count(scope, filters),
      ]);
      const counts = new Map(
        (
          await bookkeeping.countStatementDocuments(
            rows.map((row) => row.clientId),
            period,
            scope,
          )
        ).map((row) => [row.clientId, row]),
      );
      const waitingOf = waitingIndex(
        await bookkeeping.waitingOnClientsByMonth(
          rows.map((row) => row.clientId),
          period,
          period,
        ),
      );
      const items = rows.map((row): BookkeepingRowDto => {
        const documents = counts.get(row.clientId);
        const bankStatements = documents?.bankStatements ?? 0;
        const checks: MonthChecks = {
          bankStatementsUploaded: bankStatements > 0,
          quickBooksDraftDone: row.isQuickBooksDraftDone ?? false,
          quickBooksReviewDone: row.isQuickBooksReviewDone ?? false,
          financialStatementsUploaded: (documents?.financialStatements ?? 0) > 0,
        };
        return {
          id: row.recordId ?? 0,
          version: row.recordVersion ?? '',
          client: {
            id: row.clientId,
            name: row.clientName,
            isActive: row.isActive,
            owner: { id: row.ownerUserId, fullName: row.ownerFullName },
            advisor:
              row.advisorUserId === null || row.advisorFullName === null
                ? null
                : { id: row.advisorUserId, fullName: row.advisorFullName },
          },
          numberOfAccounts: row.numberOfAccounts ?? 0,
          numberOfBankStatements: bankStatements,
          isBankStatementsUploaded: bankStatements > 0,
          isQuickBooksDraftDone: row.isQuickBooksDraftDone ?? false,
          isQuickBooksReviewDone: row.isQuickBooksReviewDone ?? false,
          isFinancialStatementsUploaded: (documents?.financialStatements ?? 0) > 0,
          monthStatus: monthStatusOf(period, checks, waitingOf(row.clientId, period)),
          year: period.year,
          month: period.month,
        };
      });
      return { items, totalCount };
    },

    /**
     * A client's year as twelve months with their status and what each waits for (issue 24 item 3):
     * a client user's current client (owner, or a collaborator granted Bookkeeping), or the client
     * staff name. Anything else answers 404.
     */
    async year(query: BookkeepingYearQuery, caller: Principal): Promise<BookkeepingYearDto> {
      let client: { id: number; name: string } | null;
      if (caller.isClient) {
        const clientId = caller.currentClientId;
        client =
          clientId === null || (query.clientId !== undefined && query.clientId !== clientId)
            ? null
            : await bookkeeping.findOwnTrackerClient(clientId, caller.userId);
      } else {
        if (query.clientId === undefined) {
          throw new BadRequestError('The request is not valid.', ERROR_CODE.validation, [
            { in: 'query', field: 'clientId', message: 'This field is required' },
          ]);
        }
        client = await bookkeeping.findTrackerClient(query.clientId, clientScopeOf(caller));
      }
      if (!client) throw new NotFoundError('No such client in the bookkeeping tracker.');
      const year = query.year ?? new Date().getUTCFullYear();
      const months = monthsEndingWith({ year, month: 12 }, 12);
      const first = months[0]!;
      const last = months[11]!;
      // The client was just found within the caller's reach: its own rows need no other scope.
      const filters = { clientId: client.id };
      const [stored, statements, waiting] = await Promise.all([
        bookkeeping.storedChecksByMonth(EVERY_CLIENT, filters, first, last),
        bookkeeping.statementClientsByMonth(EVERY_CLIENT, filters, first, last),
        bookkeeping.waitingOnClientsByMonth([client.id], first, last),
      ]);
      const storedOf = new Map(stored.map((row) => [monthKey(row), row]));
      const statementsOf = new Map(statements.map((row) => [row.month, row]));
      const waitingOf = waitingIndex(waiting);
      return {
        client: { id: client.id, name: client.name },
        year,
        months: months.map((period) => {
          const done = storedOf.get(monthKey(period));
          const uploads = statementsOf.get(monthKey(period));
          const checks: MonthChecks = {
            bankStatementsUploaded: (uploads?.bankStatementsUploaded ?? 0) > 0,
            quickBooksDraftDone: (done?.quickBooksDraftDone ?? 0) > 0,
            quickBooksReviewDone: (done?.quickBooksReviewDone ?? 0) > 0,
            financialStatementsUploaded: (uploads?.financialStatementsUploaded ?? 0) > 0,
          };
          const open = waitingOf(client.id, period);
          return { ...period, status: monthStatusOf(period, checks, open), ...checks, ...open };
        }),
      };
    },

    /**
     * The completion chart: for each of the 12 months ending with the filters' month, the tracker's
     * rows and how many are complete and have each check done. The tracker lists every client it
     * knows in every month, so each month's row count is the filtered client count. With a clientId
     * (the client's page), a client outside the tracker or the caller's scope is 404, as its edit is.
     */
    async completion(query: BookkeepingFilters, caller: Principal): Promise<BookkeepingCompletionDto> {
      const scope = clientScopeOf(caller);
      if (query.clientId !== undefined && !(await bookkeeping.findTrackerClient(query.clientId, scope)))
        throw new NotFoundError('No such client in the bookkeeping tracker.');
      const filters = {
        clientId: query.clientId,
        advisorUserId: query.advisorUserId,
        isActiveClient: query.isActiveClient,
      };
      const months = monthsEndingWith(periodOf(query), BOOKKEEPING_CHART_MONTHS);
      const first = months[0]!;
      const last = months[months.length - 1]!;
      const [rows, stored, statements] = await Promise.all([
        bookkeeping.count(scope, filters),
        bookkeeping.storedChecksByMonth(scope, filters, first, last),
        bookkeeping.statementClientsByMonth(scope, filters, first, last),
      ]);
      const storedOf = new Map(stored.map((row) => [monthKey(row), row]));
      const statementsOf = new Map(statements.map((row) => [row.month, row]));
      return {
        months: months.map((period) => {
          const checks = storedOf.get(monthKey(period));
          const uploads = statementsOf.get(monthKey(period));
          return {
            ...period,
            rows,
            complete: checks?.complete ?? 0,
            bankStatementsUploaded: uploads?.bankStatementsUploaded ?? 0,
            quickBooksDraftDone: checks?.quickBooksDraftDone ?? 0,
            quickBooksReviewDone: checks?.quickBooksReviewDone ?? 0,
            financialStatementsUploaded: uploads?.financialStatementsUploaded ?? 0,
          };
        }),
      };
    },

    /**
     * The first edit of a client's month. Two first edits can race (both screens showed id 0), so
     * an existing row is updated rather than refused: the later values win, as with two edits.
     */
    async insert(
      input: InsertBookkeepingInput,
      caller: Principal,
      context: RequestContext,
    ): Promise<{ record: BookkeepingRecordDto; created: boolean }> {
      const scope = clientScopeOf(caller);
      const client = await bookkeeping.findTrackerClient(input.clientId, scope);
      if (!client) throw new NotFoundError('No such client in the bookkeeping tracker.');
      const values: StoredValues = {
        numberOfAccounts: input.numberOfAccounts,
        isQuickBooksDraftDone: input.isQuickBooksDraftDone,
        isQuickBooksReviewDone: input.isQuickBooksReviewDone,
      };
      const period = { year: input.year, month: input.month };
      return db.transaction(async (tx) => {
        const inserted = await bookkeeping.insertIfAbsent(
          { ...values, ...period, clientId: client.id, userId: caller.userId },
          tx,
        );
        const row =
          inserted ?? (await bookkeeping.update({ ...period, clientId: client.id }, values, caller.userId, scope, tx));
        await recordAudit(row!, inserted !== null, caller, context, tx);
        return { record: toRecordDto(row!), created: inserted !== null };
      });
    },

    async edit(
      id: number,
      input: EditBookkeepingInput,
      caller: Principal,
      context: RequestContext,
      expected: string[] | null = null,
    ): Promise<BookkeepingRecordDto> {
      if (input.id !== undefined && input.id !== id) {
        throw new BadRequestError('The request is not valid.', ERROR_CODE.validation, [
          { in: 'body', field: 'id', message: 'Does not match the path.' },
        ]);
      }
      const scope = clientScopeOf(caller);
      const existing = await bookkeeping.findById(id, scope);
      if (!existing) throw new NotFoundError('No such bookkeeping row.');
      return db.transaction(async (tx) => {
        // A stale If-Match (another edit since the list was loaded) answers 412 and changes nothing.
        if ((await bookkeeping.lockVersion(id, expected, tx)) === null) {
          throw new NotFoundError('No such bookkeeping row.');
        }
        const row = await bookkeeping.update(
          { id },
          {
            numberOfAccounts: input.numberOfAccounts,
            isQuickBooksDraftDone: input.isQuickBooksDraftDone,
            isQuickBooksReviewDone: input.isQuickBooksReviewDone,
          },
          caller.userId,
          scope,
          tx,
        );
        if (!row) throw new NotFoundError('No such bookkeeping row.');
        await recordAudit(row, false, caller, context, tx);
        return toRecordDto(row);
      });
    },
  };
}
