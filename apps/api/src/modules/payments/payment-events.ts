import { NOTIFICATION_KIND, PAYMENT_STATUS, type PaymentProvider, type PaymentStatus } from '@ledgerport/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { NotificationPublisher } from '../notifications/index.js';
import type { PaymentsRepository } from './payments.repository.js';

/** The provider events that move a payment, as Stripe names them (the test processor raises the same). */
export const PAYMENT_EVENT_TYPES = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

export function isPaymentEventType(type: string): type is PaymentEventType {
  return (PAYMENT_EVENT_TYPES as readonly string[]).includes(type);
}

/** A provider's event reduced to what we keep: Stripe's webhook and the test processor both produce it. */
export interface ProviderEvent {
  provider: PaymentProvider;
  eventId: string;
  type: PaymentEventType;
  providerPaymentId: string;
  /** The provider's decline message (`last_payment_error.message`), shown to the payer as worded. */
  failureMessage: string | null;
  /** What the test processor's form reports of the card (never its number); kept in the audit trail. */
  card?: { last4: string; brand: string };
}

export interface EventOutcome {
  /** The event id was seen before: nothing changed. */
  duplicate: boolean;
  /** Null when the intent is not one of ours. */
  paymentId: number | null;
  status: PaymentStatus | null;
  failureMessage: string | null;
}

const TARGET_STATUS: Record<PaymentEventType, PaymentStatus> = {
  'payment_intent.succeeded': PAYMENT_STATUS.paid,
  'payment_intent.payment_failed': PAYMENT_STATUS.failed,
  'payment_intent.canceled': PAYMENT_STATUS.canceled,
};

/**
 * Paid and canceled are final at the provider (a canceled intent cannot be confirmed, a succeeded one
 * cannot fail); a failed attempt may be followed by another card. Events can arrive out of order, so a
 * late `payment_failed` never undoes a payment that succeeded.
 */
function canMove(from: PaymentStatus): boolean {
  return from === PAYMENT_STATUS.pending || from === PAYMENT_STATUS.failed;
}

export type PaymentEvents = ReturnType<typeof createPaymentEvents>;

/** The one place a payment's status changes (DESIGN.md section 8: from the provider's event only). */
export function createPaymentEvents({
  db,
  repository,
  audit,
  notifications,
}: {
  db: Db;
  repository: PaymentsRepository;
  audit: AuditLog;
  /** A paid 1099 fee tells the client's advisor (and its followers). */
  notifications: NotificationPublisher;
}) {
  /** Applies one event inside the caller's transaction (a cancel we ask for commits with its cause). */
  async function apply(context: RequestContext, event: ProviderEvent, tx: DbOrTx): Promise<EventOutcome> {
    const payment = await repository.findByProviderIdForUpdate(event.provider, event.providerPaymentId, tx);
    const fresh = await repository.recordEvent(
      { provider: event.provider, eventId: event.eventId, type: event.type, paymentId: payment?.id ?? null },
      tx,
    );
    if (!payment) return { duplicate: !fresh, paymentId: null, status: null, failureMessage: null };
    const unchanged = {
      paymentId: payment.id,
      status: payment.status as PaymentStatus,
      failureMessage: payment.failureMessage,
    };
    if (!fresh) return { duplicate: true, ...unchanged };
    if (!canMove(payment.status as PaymentStatus)) return { duplicate: false, ...unchanged };

    const status = TARGET_STATUS[event.type];
    const failureMessage = status === PAYMENT_STATUS.paid ? null : event.failureMessage;
    await repository.settle(payment.id, status, failureMessage, tx);
    await audit.record(
      context,
      {
        action: status === PAYMENT_STATUS.paid ? AUDIT_ACTION.paymentSucceeded : AUDIT_ACTION.paymentFailed,
        objectType: 'payment',
        objectId: payment.id,
        details: {
          provider: event.provider,
          eventId: event.eventId,
          purpose: payment.purpose,
          amountCents: payment.amountCents,
          ...(status === PAYMENT_STATUS.canceled ? { canceled: true } : {}),
          ...(failureMessage ? { failureMessage } : {}),
          ...(event.card ? { card: event.card } : {}),
        },
      },
      tx,
    );
    const clientId = Number(payment.metadata.clientId);
    if (status === PAYMENT_STATUS.paid && payment.purpose === 'contractors' && Number.isSafeInteger(clientId)) {
      const taxYear = Number(payment.metadata.taxYear);
      await notifications.publish(
        {
          kind: NOTIFICATION_KIND.contractorFeePaid,
          clientId,
          // The provider's event names no one; the client's name says who paid.
          actorUserId: null,
          paymentId: payment.id,
          taxYear: Number.isSafeInteger(taxYear) ? taxYear : null,
        },
        tx,
      );
    }
    return { duplicate: false, paymentId: payment.id, status, failureMessage };
  }

  return {
    apply,
    async handle(context: RequestContext, event: ProviderEvent): Promise<EventOutcome> {
      return db.transaction((tx) => apply(context, event, tx));
    },
  };
}
