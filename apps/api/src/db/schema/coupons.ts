import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './identity.js';

/** Spec 02 Coupon. Money is numeric, never a float: dollars (fixed) or percent (percentage). */
export const coupons = pgTable(
  'coupons',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: text().notNull(),
    code: text().notNull(),
    /** DISCOUNT_TYPE: 1 percentage, 2 fixed. */
    discountType: smallint().notNull(),
    discountValue: numeric({ precision: 12, scale: 2 }).notNull(),
    expirationDate: timestamp({ withTimezone: true }).notNull(),
    isActive: boolean().notNull().default(true),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Codes are unique whatever their case: the verify lookup and the availability check use lower(code).
    uniqueIndex('coupons_code_key').on(sql`lower(${t.code})`),
    index('coupons_created_at_idx').on(t.createdAt),
    check('coupons_discount_type_check', sql`${t.discountType} in (1, 2)`),
    check(
      'coupons_discount_value_check',
      sql`${t.discountValue} >= 0 and (${t.discountType} = 2 or ${t.discountValue} <= 100)`,
    ),
  ],
);
