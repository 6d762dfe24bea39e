import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const departments = pgTable(
  'departments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    displayName: text().notNull(),
  },
  (t) => [uniqueIndex('departments_name_key').on(sql`lower(${t.name})`)],
);

/** Default colour of a service (spec 01 section 3: "a grey-blue"). */
export const DEFAULT_SERVICE_COLOR = '#607D8B';

export const services = pgTable(
  'services',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    displayName: text().notNull(),
    departmentId: integer()
      .notNull()
      .references(() => departments.id),
    color: text().notNull().default(DEFAULT_SERVICE_COLOR),
    isActive: boolean().notNull().default(true),
    /** Base64 PNG; null means the default icon. */
    listIcon: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('services_name_key').on(sql`lower(${t.name})`),
    uniqueIndex('services_display_name_key').on(sql`lower(${t.displayName})`),
    index('services_department_idx').on(t.departmentId),
  ],
);
