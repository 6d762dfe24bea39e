import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity.js';

/**
 * The firm's settings: one row (id = 1), written on the first save. Until then the code's defaults
 * apply, and the absolute session lifetime falls back to SESSION_ABSOLUTE_TTL_SECONDS.
 */
export const firmSettings = pgTable(
  'firm_settings',
  {
    id: integer().primaryKey().default(1),
    twoFactorRequiredForStaff: boolean().notNull().default(false),
    twoFactorRequiredForClients: boolean().notNull().default(false),
    sessionIdleMinutesStaff: integer().notNull().default(30),
    sessionIdleMinutesClients: integer().notNull().default(60),
    sessionAbsoluteHours: integer().notNull().default(12),
    /** IANA zone the firm's dates are days in (a request's due date, a schedule's day of month). */
    timeZone: text().notNull().default('America/New_York'),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('firm_settings_single_row', sql`${t.id} = 1`)],
);
