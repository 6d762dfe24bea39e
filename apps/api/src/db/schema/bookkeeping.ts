import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, smallint, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { users } from './identity.js';

/**
 * The stored part of a bookkeeping tracker row (spec 02 "Bookkeeping row"): what staff record per
 * client and month. The document columns (bank statements, financial statements) are derived from
 * `documents` when the list is read, never stored, so they cannot drift from the uploads.
 */
export const bookkeepingRecords = pgTable(
  'bookkeeping_records',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    year: smallint().notNull(),
    /** 1 (January) to 12. */
    month: smallint().notNull(),
    numberOfAccounts: integer().notNull().default(0),
    isQuickBooksDraftDone: boolean().notNull().default(false),
    isQuickBooksReviewDone: boolean().notNull().default(false),
    updatedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One row per client and month; also the index the list's join uses.
    uniqueIndex('bookkeeping_records_client_period_key').on(t.clientId, t.year, t.month),
    check('bookkeeping_records_month_check', sql`${t.month} between 1 and 12`),
    check('bookkeeping_records_accounts_check', sql`${t.numberOfAccounts} >= 0`),
  ],
);
