import { z } from 'zod';
import { booleanQuery, idSchema, listQuerySchema, pagedSchema } from '../common/list.schema.js';

/**
 * Contract of the monthly bookkeeping tracker (spec 02 "Bookkeeping list", "Bookkeeping row", issue 7).
 * One row per client, month and year; see docs/bookkeeping.md for which clients are listed and how
 * the document columns are derived.
 *
 * Routes (all under /api/v1; bookkeeping:list unless told):
 *   GET  /document/bookkeeping?ListBookkeepingQuery → {items: BookkeepingRowDto[], totalCount}
 *   POST /document/bookkeeping InsertBookkeepingInput → BookkeepingRecordDto (201, or 200)   bookkeeping:edit
 *   PUT  /document/bookkeeping/{id} EditBookkeepingInput → BookkeepingRecordDto             bookkeeping:edit
 *   GET  /document/bookkeeping/completion?BookkeepingFilters → BookkeepingCompletionDto
 *        (the 12 months ending with the filters' month; with clientId, 404 outside the tracker or scope)
 */

export const BOOKKEEPING_FIRST_YEAR = 2020;
/** The service (by machine name) whose clients the tracker lists. */
export const BOOKKEEPING_SERVICE_NAME = 'bookkeeping';
/** Upper bound on the stored account count: a typing slip, not a real firm's client. */
export const BOOKKEEPING_MAX_ACCOUNTS = 10_000;

/** Main-group tag names (machine names) whose documents fill the read-only columns. */
export const BOOKKEEPING_TAG_NAME = {
  bankStatement: 'bank-statement',
  financialStatements: 'financial-statements',
} as const;

/**
 * The last year the tracker offers. The browser counts in its own time zone, which is up to 14 hours
 * ahead of UTC, so on the morning of January 1st somewhere the new year is already valid.
 */
export function bookkeepingLastYear(now: Date = new Date()): number {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).getUTCFullYear();
}

const yearSchema = z.coerce
  .number()
  .int()
  .min(BOOKKEEPING_FIRST_YEAR)
  .refine((year) => year <= bookkeepingLastYear(), 'YEAR_AFTER_CURRENT');
const monthSchema = z.coerce.number().int().min(1).max(12);
const numberOfAccountsSchema = z.number().int().min(0).max(BOOKKEEPING_MAX_ACCOUNTS);

/** `''` from a cleared search field means "no filter". */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const BOOKKEEPING_SORT_KEYS = ['clientName', 'advisor', 'owner', 'numberOfAccounts'] as const;
export type BookkeepingSortKey = (typeof BOOKKEEPING_SORT_KEYS)[number];

export const bookkeepingFiltersSchema = z.object({
  clientId: z.preprocess(blankToUndefined, idSchema.optional()),
  advisorUserId: z.preprocess(blankToUndefined, idSchema.optional()),
  /** Absent: the current year (UTC). */
  year: z.preprocess(blankToUndefined, yearSchema.optional()),
  /** 1 (January) to 12; absent: the current month (UTC). */
  month: z.preprocess(blankToUndefined, monthSchema.optional()),
  /** Absent: active and inactive clients alike (the screen's "All"). */
  isActiveClient: z.preprocess(blankToUndefined, booleanQuery.optional()),
});
export type BookkeepingFilters = z.infer<typeof bookkeepingFiltersSchema>;

export const listBookkeepingQuerySchema = listQuerySchema.extend(bookkeepingFiltersSchema.shape);
export type ListBookkeepingQuery = z.infer<typeof listBookkeepingQuerySchema>;

const personRefSchema = z.object({ id: z.number().int(), fullName: z.string() });

/**
 * A client's bookkeeping month as the client sees it (issue 24 item 3), derived from what exists:
 * closed (the four checks done, no question open), waiting on the client (a transaction question or a
 * bookkeeping request item waits on them), collecting (no bank statement yet), in progress (the
 * firm's draft or review not done). A month not begun yet is upcoming.
 */
export const BOOKKEEPING_MONTH_STATUS = {
  upcoming: 'upcoming',
  collecting: 'collecting',
  waitingOnYou: 'waiting-on-you',
  inProgress: 'in-progress',
  closed: 'closed',
} as const;
export const bookkeepingMonthStatusSchema = z.enum([
  BOOKKEEPING_MONTH_STATUS.upcoming,
  BOOKKEEPING_MONTH_STATUS.collecting,
  BOOKKEEPING_MONTH_STATUS.waitingOnYou,
  BOOKKEEPING_MONTH_STATUS.inProgress,
  BOOKKEEPING_MONTH_STATUS.closed,
]);
export type BookkeepingMonthStatus = z.infer<typeof bookkeepingMonthStatusSchema>;

export const bookkeepingRowDtoSchema = z.object({
  /** 0 while nothing is stored for this client and month: the first edit creates the row. */
  id: z.number().int().nonnegative(),
  /** The stored row's version, sent back as `If-Match` by its edit; '' while nothing is stored (id 0). */
  version: z.string(),
  client: z.object({
    id: z.number().int(),
    name: z.string(),
    isActive: z.boolean(),
    owner: personRefSchema,
    advisor: personRefSchema.nullable(),
  }),
  numberOfAccounts: z.number().int().nonnegative(),
  numberOfBankStatements: z.number().int().nonnegative(),
  isBankStatementsUploaded: z.boolean(),
  isQuickBooksDraftDone: z.boolean(),
  isQuickBooksReviewDone: z.boolean(),
  isFinancialStatementsUploaded: z.boolean(),
  /** The month's status as the client sees it (BOOKKEEPING_MONTH_STATUS). */
  monthStatus: bookkeepingMonthStatusSchema,
  year: z.number().int(),
  month: z.number().int(),
});
export type BookkeepingRowDto = z.infer<typeof bookkeepingRowDtoSchema>;
export const pagedBookkeepingSchema = pagedSchema(bookkeepingRowDtoSchema);

/** insertBookkeeping: creates the client's row for that month, or updates it when one already exists. */
export const insertBookkeepingInputSchema = z.object({
  clientId: idSchema,
  numberOfAccounts: numberOfAccountsSchema,
  isQuickBooksDraftDone: z.boolean(),
  isQuickBooksReviewDone: z.boolean(),
  year: yearSchema,
  month: monthSchema,
});
export type InsertBookkeepingInput = z.infer<typeof insertBookkeepingInputSchema>;

/** editBookkeeping: the stored values of an existing row (id also in the path). */
export const editBookkeepingInputSchema = z.object({
  id: idSchema.optional(),
  numberOfAccounts: numberOfAccountsSchema,
  isQuickBooksDraftDone: z.boolean(),
  isQuickBooksReviewDone: z.boolean(),
});
export type EditBookkeepingInput = z.infer<typeof editBookkeepingInputSchema>;

/** What insert and edit answer: the stored values (the document columns come with the list). */
export const bookkeepingRecordDtoSchema = z.object({
  id: z.number().int().positive(),
  /** The row's new version, for the next edit's `If-Match`. */
  version: z.string(),
  clientId: z.number().int(),
  numberOfAccounts: z.number().int().nonnegative(),
  isQuickBooksDraftDone: z.boolean(),
  isQuickBooksReviewDone: z.boolean(),
  year: z.number().int(),
  month: z.number().int(),
});
export type BookkeepingRecordDto = z.infer<typeof bookkeepingRecordDtoSchema>;

/** Whether a row is complete: the four checkboxes the spec colours green. */
export function isBookkeepingRowComplete(
  row: Pick<
    BookkeepingRowDto,
    'isBankStatementsUploaded' | 'isQuickBooksDraftDone' | 'isQuickBooksReviewDone' | 'isFinancialStatementsUploaded'
  >,
): boolean {
  return (
    row.isBankStatementsUploaded &&
    row.isQuickBooksDraftDone &&
    row.isQuickBooksReviewDone &&
    row.isFinancialStatementsUploaded
  );
}

/** How many months the completion chart shows, ending with the month asked for. */
export const BOOKKEEPING_CHART_MONTHS = 12;

/**
 * One month of the tracker with the filters applied: how many rows it lists, how many of them are
 * complete (isBookkeepingRowComplete), and how many have each of the four checks done.
 */
export const bookkeepingCompletionMonthDtoSchema = z.object({
  year: z.number().int(),
  month: z.number().int().min(1).max(12),
  rows: z.number().int().nonnegative(),
  complete: z.number().int().nonnegative(),
  bankStatementsUploaded: z.number().int().nonnegative(),
  quickBooksDraftDone: z.number().int().nonnegative(),
  quickBooksReviewDone: z.number().int().nonnegative(),
  financialStatementsUploaded: z.number().int().nonnegative(),
});
export type BookkeepingCompletionMonthDto = z.infer<typeof bookkeepingCompletionMonthDtoSchema>;

/** Oldest month first; every month is there, with zeros when nothing was done. */
export const bookkeepingCompletionDtoSchema = z.object({ months: z.array(bookkeepingCompletionMonthDtoSchema) });
export type BookkeepingCompletionDto = z.infer<typeof bookkeepingCompletionDtoSchema>;

/** `GET document/bookkeeping/months`: a client's year; staff name the client, a client user gets their current one. */
export const bookkeepingYearQuerySchema = z.object({
  clientId: z.preprocess(blankToUndefined, idSchema.optional()),
  /** Absent: the current year (UTC). */
  year: z.preprocess(blankToUndefined, yearSchema.optional()),
});
export type BookkeepingYearQuery = z.infer<typeof bookkeepingYearQuerySchema>;

export const bookkeepingMonthDtoSchema = z.object({
  year: z.number().int(),
  month: z.number().int().min(1).max(12),
  status: bookkeepingMonthStatusSchema,
  bankStatementsUploaded: z.boolean(),
  quickBooksDraftDone: z.boolean(),
  quickBooksReviewDone: z.boolean(),
  financialStatementsUploaded: z.boolean(),
  /** Questions on the month's bank transactions waiting on the client. */
  openQuestions: z.number().int().nonnegative(),
  /** Items of the month's bookkeeping requests waiting on the client (requested or returned). */
  openRequestItems: z.number().int().nonnegative(),
});
export type BookkeepingMonthDto = z.infer<typeof bookkeepingMonthDtoSchema>;

export const bookkeepingYearDtoSchema = z.object({
  client: z.object({ id: z.number().int(), name: z.string() }),
  year: z.number().int(),
  /** January to December. */
  months: z.array(bookkeepingMonthDtoSchema),
});
export type BookkeepingYearDto = z.infer<typeof bookkeepingYearDtoSchema>;
