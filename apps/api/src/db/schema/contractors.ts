import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { users } from './identity.js';
import { payments } from './payments.js';
import { states } from './reference.js';

/**
 * A contractor a business client paid in a tax year (spec 03 "Contractor", docs/contractors.md).
 * Whether its service fee is paid is never stored here: it is paid when a `contractors` payment it is
 * linked to (contractor_payments) has the status paid, which only the provider's event sets.
 */
export const contractors = pgTable(
  'contractors',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    taxYear: smallint().notNull(),
    /** CONTRACTOR_TYPE: 1 business, 2 individual. */
    contractorType: smallint().notNull(),
    /** Business only. */
    businessName: text(),
    /** Individual only. */
    firstName: text(),
    lastName: text(),
    /** EIN `##-#######` (business) or SSN/ITIN as nine digits (individual), encrypted (lib/field-crypto). */
    identificationNumberEncrypted: text().notNull(),
    /** The digits lists show (`**-***1234`, `***-**-1234`) without decrypting every row. */
    identificationNumberLast4: text().notNull(),
    addressLine1: text().notNull(),
    addressLine2: text(),
    city: text().notNull(),
    stateId: integer()
      .notNull()
      .references(() => states.id),
    zipCode: text().notNull(),
    /**
     * The forms refuse 0.00; 0 is still representable for records created elsewhere (an import), which
     * the page flags as needing action and which block paying (spec 03 section 4).
     */
    totalPaymentCents: bigint({ mode: 'number' }).notNull(),
    /** The firm's fee in force when the contractor was added (CONTRACTOR_SERVICE_FEE_CENTS). */
    serviceFeeCents: integer().notNull(),
    isCompleted: boolean().notNull().default(false),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contractors_client_year_idx').on(t.clientId, t.taxYear),
    index('contractors_year_idx').on(t.taxYear),
    check('contractors_type_check', sql`${t.contractorType} in (1, 2)`),
    check(
      'contractors_names_check',
      sql`(${t.contractorType} = 1 and ${t.businessName} is not null) or (${t.contractorType} = 2 and ${t.firstName} is not null and ${t.lastName} is not null)`,
    ),
    check('contractors_total_payment_check', sql`${t.totalPaymentCents} >= 0`),
    check('contractors_service_fee_check', sql`${t.serviceFeeCents} >= 0`),
  ],
);

/**
 * Which payments cover which contractors. A payment covers the unpaid contractors it was created for;
 * a contractor may be linked to several attempts (a later set after adding contractors), and is paid
 * once any of them is.
 */
export const contractorPayments = pgTable(
  'contractor_payments',
  {
    contractorId: integer()
      .notNull()
      .references(() => contractors.id, { onDelete: 'cascade' }),
    paymentId: integer()
      .notNull()
      .references(() => payments.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.contractorId, t.paymentId] }),
    index('contractor_payments_payment_idx').on(t.paymentId),
  ],
);
