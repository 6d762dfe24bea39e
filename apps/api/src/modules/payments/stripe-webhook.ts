import type Stripe from 'stripe';
import { BadRequestError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import { isPaymentEventType, type PaymentEvents } from './payment-events.js';

/** Stripe's own default: a signed delivery older than this is refused as a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type StripeWebhook = ReturnType<typeof createStripeWebhook>;

/** Stripe's webhook: the signature is checked on the exact bytes Stripe sent, before anything is parsed. */
export function createStripeWebhook({
  stripe,
  webhookSecret,
  events,
  audit,
}: {
  stripe: Stripe;
  webhookSecret: string;
  events: PaymentEvents;
  audit: AuditLog;
}) {
  return {
    async receive(context: RequestContext, rawBody: Buffer, signature: string | undefined): Promise<void> {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        await audit.record(context, {
          action: AUDIT_ACTION.paymentEventRejected,
          objectType: 'payment-event',
          details: { provider: 'stripe', reason: error instanceof Error ? error.message.slice(0, 300) : 'invalid' },
        });
        throw new BadRequestError('The webhook signature could not be verified.');
      }
      // Other event types may be enabled on the endpoint; they are acknowledged and left alone.
      if (!isPaymentEventType(event.type)) return;
      const intent = event.data.object as Stripe.PaymentIntent;
      await events.handle(context, {
        provider: 'stripe',
        eventId: event.id,
        type: event.type,
        providerPaymentId: intent.id,
        failureMessage: intent.last_payment_error?.message ?? null,
      });
    },
  };
}
