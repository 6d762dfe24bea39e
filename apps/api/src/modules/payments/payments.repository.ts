import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PaymentProvider, PaymentStatus } from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import { paymentEvents, payments } from '../../db/schema/index.js';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = Pick<
  typeof payments.$inferInsert,
  'purpose' | 'amountCents' | 'provider' | 'idempotencyKey' | 'metadata'
>;

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;

/** SQL of the payments tables. `status` is written only by `settle`, which only the event handler calls. */
export function createPaymentsRepository({ db }: { db: DbOrTx }) {
  return {
    /** The row for this key, created pending when it did not exist: a retried submit finds the first one. */
    async insertOrFind(values: NewPayment, tx: DbOrTx = db): Promise<PaymentRow> {
      await tx.insert(payments).values(values).onConflictDoNothing({ target: payments.idempotencyKey });
      const [row] = await tx.select().from(payments).where(eq(payments.idempotencyKey, values.idempotencyKey));
      return row!;
    },

    /**
     * Records the provider's intent once: of two racing calls for one key the first write wins, and
     * the loser reads it back so both hand out the same client secret.
     */
    async attachIntent(
      id: number,
      intent: { providerPaymentId: string; clientSecret: string },
      tx: DbOrTx = db,
    ): Promise<PaymentRow> {
      await tx
        .update(payments)
        .set({ ...intent, updatedAt: sql`now()` })
        .where(and(eq(payments.id, id), isNull(payments.providerPaymentId)));
      const [row] = await tx.select().from(payments).where(eq(payments.id, id));
      return row!;
    },

    async findById(id: number, tx: DbOrTx = db): Promise<PaymentRow | undefined> {
      const [row] = await tx.select().from(payments).where(eq(payments.id, id));
      return row;
    },

    async findByProviderId(
      provider: PaymentProvider,
      providerPaymentId: string,
      tx: DbOrTx = db,
    ): Promise<PaymentRow | undefined> {
      const [row] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)));
      return row;
    },

    /** Locks the row for the event that changes it, so two events for one intent apply one after the other. */
    async findByProviderIdForUpdate(
      provider: PaymentProvider,
      providerPaymentId: string,
      tx: DbOrTx,
    ): Promise<PaymentRow | undefined> {
      const [row] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)))
        .for('update');
      return row;
    },

    /** False when this event id was seen before: the caller then changes nothing. */
    async recordEvent(
      event: { provider: PaymentProvider; eventId: string; type: string; paymentId: number | null },
      tx: DbOrTx,
    ): Promise<boolean> {
      const inserted = await tx
        .insert(paymentEvents)
        .values(event)
        .onConflictDoNothing({ target: paymentEvents.eventId })
        .returning({ id: paymentEvents.id });
      return inserted.length > 0;
    },

    async settle(id: number, status: PaymentStatus, failureMessage: string | null, tx: DbOrTx): Promise<void> {
      await tx
        .update(payments)
        .set({ status, failureMessage, updatedAt: sql`now()` })
        .where(eq(payments.id, id));
    },
  };
}
