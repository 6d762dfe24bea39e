import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { users } from './identity.js';
import { services } from './organisation.js';
import { tags } from './tags.js';

/**
 * What a firm asks of its clients again and again (docs/requests.md): a name, the service the
 * request is filed under, its items, and how many days after creation it falls due.
 */
export const requestTemplates = pgTable(
  'request_templates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    /** The title a request made from it gets (a schedule adds the period's month and year). */
    title: text().notNull(),
    /** Rich text, stored already sanitised (as announcements). */
    description: text(),
    serviceId: integer()
      .notNull()
      .references(() => services.id),
    dueOffsetDays: integer().notNull(),
    creatorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('request_templates_name_key').on(sql`lower(${t.name})`),
    check('request_templates_due_offset', sql`${t.dueOffsetDays} between 0 and 365`),
  ],
);

/** REQUEST_ITEM_KIND: 1 documents, 2 answer, 3 both. */
export const requestTemplateItems = pgTable(
  'request_template_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    templateId: integer()
      .notNull()
      .references(() => requestTemplates.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    title: text().notNull(),
    description: text(),
    kind: smallint().notNull(),
  },
  (t) => [uniqueIndex('request_template_items_position_key').on(t.templateId, t.position)],
);

/** The tags an upload to the item gets; a deleted tag drops out (tags cascade). */
export const requestTemplateItemTags = pgTable(
  'request_template_item_tags',
  {
    itemId: integer()
      .notNull()
      .references(() => requestTemplateItems.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.tagId] })],
);

/**
 * A request to one client (spec: issue 20). REQUEST_STATUS: 1 open, 2 completed, 3 cancelled. A
 * schedule's request carries the schedule and the period it was made for, and the unique index on
 * both with the client is what makes a rerun of the same period (a crash, a second worker) a no-op.
 */
export const requests = pgTable(
  'requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    serviceId: integer()
      .notNull()
      .references(() => services.id),
    title: text().notNull(),
    /** Rich text, stored already sanitised (as announcements). */
    description: text(),
    /** A day in the firm's time zone: overdue from the day after. */
    dueDate: date({ mode: 'string' }).notNull(),
    status: smallint().notNull().default(1),
    creatorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    templateId: integer().references(() => requestTemplates.id, { onDelete: 'set null' }),
    scheduleId: integer().references(() => requestSchedules.id, { onDelete: 'set null' }),
    /** `YYYY-MM` of a schedule's run. */
    period: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    /**
     * Its reminders (issue 22 item 4): off, or on with a cadence; a null part takes the firm's
     * default (firm_settings.reminder_*), so changing the default changes every request that kept it.
     */
    remindersEnabled: boolean().notNull().default(true),
    reminderDaysBefore: smallint(),
    reminderOnDueDate: boolean(),
    reminderEveryDaysOverdue: smallint(),
    reminderMaxCount: smallint(),
  },
  (t) => [
    index('requests_client_status_due_idx').on(t.clientId, t.status, t.dueDate),
    index('requests_status_due_idx').on(t.status, t.dueDate, t.id),
    index('requests_created_idx').on(t.createdAt.desc(), t.id.desc()),
    uniqueIndex('requests_schedule_period_client_key')
      .on(t.scheduleId, t.period, t.clientId)
      .where(sql`${t.scheduleId} is not null`),
  ],
);

/**
 * REQUEST_ITEM_STATUS: 1 requested, 2 submitted, 3 accepted, 4 returned. Not applicable is a
 * submission too (`notApplicable` with its reason), accepted or returned like an upload or answer.
 */
export const requestItems = pgTable(
  'request_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    requestId: integer()
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    title: text().notNull(),
    description: text(),
    kind: smallint().notNull(),
    status: smallint().notNull().default(1),
    /** The client's answer, encrypted (lib/field-crypto): clients answer with tax figures and numbers. */
    answerEncrypted: text(),
    notApplicable: boolean().notNull().default(false),
    notApplicableReason: text(),
    /** The firm's note when it returned the item, shown to the client until the next submission. */
    returnNote: text(),
    submittedAt: timestamp({ withTimezone: true }),
    submittedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('request_items_position_key').on(t.requestId, t.position),
    index('request_items_status_idx').on(t.status, t.requestId),
  ],
);

/** The tags an upload to the item gets (the same rules as an upload's); a deleted tag drops out. */
export const requestItemTags = pgTable(
  'request_item_tags',
  {
    itemId: integer()
      .notNull()
      .references(() => requestItems.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.tagId] })],
);

/**
 * A recurring request: on `dayOfMonth` the worker makes the month's request from the template for
 * each chosen client, or for every active client using `serviceId` (REQUEST_SCHEDULE_AUDIENCE: 1
 * chosen clients, 2 every active client using the service).
 */
export const requestSchedules = pgTable(
  'request_schedules',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    templateId: integer()
      .notNull()
      .references(() => requestTemplates.id),
    dayOfMonth: smallint().notNull(),
    audience: smallint().notNull(),
    audienceServiceId: integer().references(() => services.id),
    isActive: boolean().notNull().default(true),
    creatorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('request_schedules_day_of_month', sql`${t.dayOfMonth} between 1 and 28`),
    check(
      'request_schedules_audience',
      sql`(${t.audience} = 1 and ${t.audienceServiceId} is null) or (${t.audience} = 2 and ${t.audienceServiceId} is not null)`,
    ),
  ],
);

export const requestScheduleClients = pgTable(
  'request_schedule_clients',
  {
    scheduleId: integer()
      .notNull()
      .references(() => requestSchedules.id, { onDelete: 'cascade' }),
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.clientId] }),
    index('request_schedule_clients_client_idx').on(t.clientId),
  ],
);

/**
 * A request's reminders as sent (issue 22 item 4): one row per request, client user and firm day it
 * was in that user's reminder, so "at most K times" counts days, and a rerun of the day adds nothing.
 * `manual`: a staff member's "Remind now" (it counts too).
 */
export const requestReminders = pgTable(
  'request_reminders',
  {
    requestId: integer()
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firmDay: date({ mode: 'string' }).notNull(),
    manual: boolean().notNull().default(false),
    sentByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.userId, t.firmDay] }),
    index('request_reminders_user_day_idx').on(t.userId, t.firmDay),
  ],
);
