import { PAYMENT_STATUS, type PaymentProvider, type PaymentStatus } from '@ledgerport/shared';
import type { AppConfig } from '../../config/index.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { BadRequestError, ConflictError } from '../../lib/errors.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import { createNotificationPublisher } from '../notifications/index.js';
import { createPaymentDriver, randomToken, type PaymentDriver } from './payment-drivers.js';
import { createPaymentEvents } from './payment-events.js';
import { createPaymentsRepository, type PaymentRow } from './payments.repository.js';

/**
 * Card payments behind one interface (DESIGN.md section 8): Stripe when configured, otherwise the
 * built-in test processor with the same intent / confirm-in-the-browser / provider-event shape.
 * Other features (company formation, contractors) create intents here and read a payment's status
 * from the `payments` table; the status changes only from the provider's event.
 */
export type PaymentPurpose = 'company-formation' | 'contractors';

export interface CreatePaymentIntentInput {
  purpose: PaymentPurpose;
  /** In cents, USD. */
  amountCents: number;
  description: string;
  /** Same key, same intent: a retried submit never charges twice. */
  idempotencyKey: string;
  /** Kept with the payment (e.g. the client whose contractors are paid). */
  metadata?: Record<string, string>;
  /** The request that asked for the payment: given, the creation is audited (payment.intent-created). */
  context?: RequestContext;
  /** Who asked, for the audit trail; null or absent on the public formation pages. */
  actorUserId?: number | null;
}

export interface PaymentIntentCreated {
  /** Our `payments.id`: the feature stores it on its own row. */
  paymentId: number;
  /** Handed to the browser, which confirms the card with the provider. */
  clientSecret: string;
  provider: 'stripe' | 'test';
}

/** A payment as features may show it: never card data, which we do not have. */
export interface PaymentSummary {
  id: number;
  purpose: PaymentPurpose;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  provider: PaymentProvider;
  /** The provider's last decline message; null once paid. */
  failureMessage: string | null;
  metadata: Record<string, string>;
  createdAt: Date;
  updatedAt: Date;
}

export interface PaymentsService {
  /** Which provider takes payments in this installation. */
  readonly provider: PaymentProvider;
  /**
   * A pending payment and the provider's intent for it. Idempotent by key: the same key returns the
   * same payment and client secret (409 when reused for another purpose or amount). Inside `tx` the
   * payment commits with the feature's own row; with Stripe the network call then runs in it as well.
   */
  createIntent(input: CreatePaymentIntentInput, tx?: DbOrTx): Promise<PaymentIntentCreated>;
  /** PAYMENT_STATUS of the payment, or null when there is no such payment. */
  getStatus(paymentId: number, tx?: DbOrTx): Promise<PaymentStatus | null>;
  getPayment(paymentId: number, tx?: DbOrTx): Promise<PaymentSummary | null>;
  /**
   * Whether the card of a payment our row still has as pending or failed was confirmed at the
   * provider (processing, or succeeded with the event not yet received): asks the provider.
   */
  isConfirmed(paymentId: number, tx?: DbOrTx): Promise<boolean>;
  /** The intent of a pending or failed payment again, for a payer who reopens the card form; else null. */
  resume(paymentId: number, tx?: DbOrTx): Promise<PaymentIntentCreated | null>;
  /**
   * Cancels a payment nobody has paid (pending or failed) at the provider and here, through the same
   * event handler as the provider's own `payment_intent.canceled`. False when the card was already
   * confirmed (processing or succeeded) or the payment is paid: it then stays as it is.
   */
  cancel(paymentId: number, context: RequestContext, tx?: DbOrTx): Promise<boolean>;
}

/** Stripe prefixes our key and allows 255 characters in all. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
const CURRENCY = 'usd';

export function toPaymentSummary(row: PaymentRow): PaymentSummary {
  return {
    id: row.id,
    purpose: row.purpose as PaymentPurpose,
    status: row.status as PaymentStatus,
    amountCents: row.amountCents,
    currency: row.currency,
    provider: row.provider as PaymentProvider,
    failureMessage: row.failureMessage,
    metadata: row.metadata,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function createPaymentsService({
  db,
  config,
  audit,
  queue,
  driver = createPaymentDriver(config),
}: {
  db: Db;
  config: AppConfig;
  audit: AuditLog;
  queue: JobQueue;
  /** Defaults to the configured provider; tests hand in their own to count calls. */
  driver?: PaymentDriver;
}): PaymentsService {
  const repository = createPaymentsRepository({ db });
  const events = createPaymentEvents({ db, repository, audit, notifications: createNotificationPublisher(queue) });

  function validate(input: CreatePaymentIntentInput): void {
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
      throw new BadRequestError('A payment amount is a positive whole number of cents.');
    }
    if (input.idempotencyKey.length === 0 || input.idempotencyKey.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
      throw new BadRequestError(`An idempotency key has 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters.`);
    }
  }

  return {
    provider: driver.provider,

    async createIntent(input, tx = db) {
      validate(input);
      let payment = await repository.insertOrFind(
        {
          purpose: input.purpose,
          amountCents: input.amountCents,
          provider: driver.provider,
          idempotencyKey: input.idempotencyKey,
          metadata: input.metadata ?? {},
        },
        tx,
      );
      if (
        payment.purpose !== input.purpose ||
        payment.amountCents !== input.amountCents ||
        payment.provider !== driver.provider
      ) {
        throw new ConflictError('This idempotency key belongs to another payment.');
      }
      if (!payment.providerPaymentId || !payment.clientSecret) {
        // Also the retry of a create whose provider call failed: Stripe's idempotency key makes the
        // second ask return the intent of the first, if there was one.
        const intent = await driver.createIntent({
          paymentId: payment.id,
          purpose: payment.purpose,
          amountCents: payment.amountCents,
          currency: CURRENCY,
          description: input.description,
          idempotencyKey: input.idempotencyKey,
          metadata: payment.metadata,
        });
        payment = await repository.attachIntent(payment.id, intent, tx);
        if (input.context) {
          await audit.record(
            input.context,
            {
              action: AUDIT_ACTION.paymentIntentCreated,
              actorUserId: input.actorUserId ?? null,
              objectType: 'payment',
              objectId: payment.id,
              details: { purpose: payment.purpose, amountCents: payment.amountCents, provider: payment.provider },
            },
            tx,
          );
        }
      }
      return { paymentId: payment.id, clientSecret: payment.clientSecret!, provider: driver.provider };
    },

    async getStatus(paymentId, tx = db) {
      const row = await repository.findById(paymentId, tx);
      return row ? (row.status as PaymentStatus) : null;
    },

    async getPayment(paymentId, tx = db) {
      const row = await repository.findById(paymentId, tx);
      return row ? toPaymentSummary(row) : null;
    },

    async isConfirmed(paymentId, tx = db) {
      const row = await repository.findById(paymentId, tx);
      if (!row?.providerPaymentId || !isPayable(row.status as PaymentStatus)) return false;
      const state = await driver.intentState(row.providerPaymentId);
      return state === 'processing' || state === 'succeeded';
    },

    async resume(paymentId, tx = db) {
      const row = await repository.findById(paymentId, tx);
      if (!row?.clientSecret || !isPayable(row.status as PaymentStatus)) return null;
      return { paymentId: row.id, clientSecret: row.clientSecret, provider: driver.provider };
    },

    async cancel(paymentId, context, tx = db) {
      const row = await repository.findById(paymentId, tx);
      if (!row) return false;
      if (row.status === PAYMENT_STATUS.canceled) return true;
      if (!isPayable(row.status as PaymentStatus)) return false;
      if (row.providerPaymentId) {
        const state = await driver.cancelIntent(row.providerPaymentId);
        if (state !== 'canceled') return false;
        const outcome = await events.apply(
          context,
          {
            provider: driver.provider,
            eventId: `evt_cancel_${randomToken(24)}`,
            type: 'payment_intent.canceled',
            providerPaymentId: row.providerPaymentId,
            failureMessage: null,
          },
          tx,
        );
        return outcome.status === PAYMENT_STATUS.canceled;
      }
      // No provider intent yet (its creation failed): nothing to cancel there.
      return false;
    },
  };
}

/** Whether a payment in this status can still be paid (pending, or failed and retried with another card). */
export function isPayable(status: PaymentStatus): boolean {
  return status === PAYMENT_STATUS.pending || status === PAYMENT_STATUS.failed;
}
