import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity.js';
import { services } from './organisation.js';

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
    /**
     * Request reminders (issue 22 item 4), the defaults every request takes unless it says otherwise:
     * N days before the due date, on the due date, then every M days while overdue, at most K times.
     */
    reminderDaysBefore: smallint().notNull().default(3),
    reminderOnDueDate: boolean().notNull().default(true),
    reminderEveryDaysOverdue: smallint().notNull().default(7),
    reminderMaxCount: smallint().notNull().default(5),
    /** The service a message's attachments are filed under when the sender chooses none (issue 23). */
    messagesServiceId: integer().references(() => services.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('firm_settings_single_row', sql`${t.id} = 1`),
    check(
      'firm_settings_reminders',
      sql`${t.reminderDaysBefore} between 0 and 60 and ${t.reminderEveryDaysOverdue} between 1 and 60 and ${t.reminderMaxCount} between 0 and 50`,
    ),
  ],
);
