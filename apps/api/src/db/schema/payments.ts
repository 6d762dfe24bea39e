import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Card payments (DESIGN.md section 8, docs/payments.md). Never card data: the provider holds the card,
 * we hold the intent's id, its client secret and the outcome. `status` changes only in the provider
 * event handler (modules/payments/payment-events.ts).
 */
export const payments = pgTable(
  'payments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** PaymentPurpose: which feature took the payment ('company-formation', 'contractors'). */
    purpose: text().notNull(),
    /** PAYMENT_STATUS: 1 pending, 2 paid, 3 failed, 4 canceled. */
    status: smallint().notNull().default(1),
    amountCents: integer().notNull(),
    currency: text().notNull().default('usd'),
    provider: text().notNull(),
    /** Stripe's PaymentIntent id or the test processor's `pi_test_...`; null only while Stripe is being asked. */
    providerPaymentId: text(),
    /**
     * Handed back on an idempotent retry. It lets its holder confirm this one payment with a card of
     * their own and nothing else; Stripe returns it on every read of the intent as well.
     */
    clientSecret: text(),
    idempotencyKey: text().notNull(),
    /** The provider's last decline message, shown as the provider worded it. */
    failureMessage: text(),
    metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key_key').on(t.idempotencyKey),
    uniqueIndex('payments_provider_payment_key').on(t.provider, t.providerPaymentId),
    index('payments_purpose_status_idx').on(t.purpose, t.status),
    check('payments_status_check', sql`${t.status} in (1, 2, 3, 4)`),
    check('payments_provider_check', sql`${t.provider} in ('stripe', 'test')`),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** Every provider event we accepted, once: a redelivered event id changes nothing (idempotency). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    provider: text().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    /** Null for an event about an intent we do not know (another system on the same Stripe account). */
    paymentId: integer().references(() => payments.id, { onDelete: 'set null' }),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_events_event_id_key').on(t.eventId),
    index('payment_events_payment_idx').on(t.paymentId),
  ],
);
