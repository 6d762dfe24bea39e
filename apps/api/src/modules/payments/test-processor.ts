import { timingSafeEqual } from 'node:crypto';
import {
  CLIENT_SECRET_PATTERN,
  PAYMENT_STATUS,
  TEST_CARD_DECLINE_MESSAGE,
  type PaymentConfirmResult,
  type PaymentStatus,
  type TestProcessorConfirmInput,
} from '@ledgerport/shared';
import { ConflictError, NotFoundError, TooManyRequestsError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import type { ThrottleRepository } from '../auth/index.js';
import { randomToken } from './payment-drivers.js';
import type { PaymentEvents } from './payment-events.js';
import type { PaymentsRepository } from './payments.repository.js';
import { isPayable } from './payments.service.js';

/**
 * Confirming is public (the formation pages have no account) and a client secret is the only
 * credential, so every call counts against the caller's IP.
 */
export const TEST_CONFIRM_LIMITS = { perIp: 30, windowSeconds: 10 * 60 } as const;

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export type TestProcessor = ReturnType<typeof createTestProcessor>;

/**
 * The test processor's confirm (docs/payments.md): the card form decided the outcome in the browser
 * from Stripe's test numbers, so no card number arrives here. Like Stripe, it answers the confirm
 * and separately raises the provider event, through the same handler and idempotency table as the
 * webhook; only that handler changes the payment.
 */
export function createTestProcessor({
  repository,
  events,
  throttle,
}: {
  repository: PaymentsRepository;
  events: PaymentEvents;
  throttle: ThrottleRepository;
}) {
  async function countCall(context: RequestContext): Promise<void> {
    const key = `payment-test-confirm:ip:${context.ipAddress}`;
    const wait = await throttle.retryAfterSeconds(key, TEST_CONFIRM_LIMITS.perIp, TEST_CONFIRM_LIMITS.windowSeconds);
    if (wait > 0) throw new TooManyRequestsError(wait, 'Too many requests. Try again later.');
    await throttle.recordFailure(key, TEST_CONFIRM_LIMITS.windowSeconds);
  }

  return {
    async confirm(context: RequestContext, input: TestProcessorConfirmInput): Promise<PaymentConfirmResult> {
      await countCall(context);
      const providerPaymentId = CLIENT_SECRET_PATTERN.exec(input.clientSecret)?.[1];
      const payment = providerPaymentId ? await repository.findByProviderId('test', providerPaymentId) : undefined;
      if (!payment?.clientSecret || !sameSecret(payment.clientSecret, input.clientSecret)) {
        throw new NotFoundError('Payment not found.');
      }
      if (!isPayable(payment.status as PaymentStatus)) {
        throw new ConflictError(
          payment.status === PAYMENT_STATUS.paid ? 'This payment has been made.' : 'This payment was canceled.',
        );
      }

      const declined = input.outcome === 'succeeded' ? null : TEST_CARD_DECLINE_MESSAGE[input.outcome];
      const outcome = await events.handle(context, {
        provider: 'test',
        eventId: `evt_test_${randomToken(24)}`,
        type: declined ? 'payment_intent.payment_failed' : 'payment_intent.succeeded',
        providerPaymentId: payment.providerPaymentId!,
        failureMessage: declined,
        card: { last4: input.last4, brand: input.brand },
      });
      if (outcome.status === PAYMENT_STATUS.paid) return { status: 'succeeded' };
      return {
        status: 'requires_payment_method',
        error: { message: outcome.failureMessage ?? TEST_CARD_DECLINE_MESSAGE.card_declined },
      };
    },
  };
}
