import {
  BOOKKEEPING_SORT_KEYS,
  ERROR_CODE,
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
import { clientScopeOf } from '../clients/index.js';
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
      const items = rows.map((row): BookkeepingRowDto => {
        const documents = counts.get(row.clientId);
        const bankStatements = documents?.bankStatements ?? 0;
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
          year: period.year,
          month: period.month,
        };
      });
      return { items, totalCount };
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
