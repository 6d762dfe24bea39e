import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { PaymentProvider } from '@ledgerport/shared';
import type { AppConfig } from '../../config/index.js';

/** What a provider is asked when a feature wants to be paid; the browser confirms the card with the answer. */
export interface IntentRequest {
  paymentId: number;
  purpose: string;
  amountCents: number;
  currency: string;
  description: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface ProviderIntent {
  providerPaymentId: string;
  clientSecret: string;
}

/**
 * Where the provider's intent stands, which our row cannot tell while the provider's event is on its
 * way: `open` waits for a card (or another card after a decline); `processing` and `succeeded` mean
 * the card was confirmed; `canceled` is final.
 */
export type ProviderIntentState = 'open' | 'processing' | 'succeeded' | 'canceled';

export interface PaymentDriver {
  provider: PaymentProvider;
  createIntent(request: IntentRequest): Promise<ProviderIntent>;
  intentState(providerPaymentId: string): Promise<ProviderIntentState>;
  /** Cancels an open intent; answers the state it is in afterwards (a confirmed one stays as it is). */
  cancelIntent(providerPaymentId: string): Promise<ProviderIntentState>;
}

/** Letters and digits only, so ids and secrets keep Stripe's `<id>_secret_<random>` shape unambiguous. */
export function randomToken(bytes = 18): string {
  return randomBytes(bytes).toString('base64url').replace(/[-_]/g, '').slice(0, bytes);
}

/**
 * The built-in test processor (DESIGN.md section 8): no network; the card form decides the outcome
 * in the browser and the confirm endpoint raises the provider event (test-processor.ts).
 */
export function createTestDriver(): PaymentDriver {
  return {
    provider: 'test',
    async createIntent() {
      const providerPaymentId = `pi_test_${randomToken(24)}`;
      return { providerPaymentId, clientSecret: `${providerPaymentId}_secret_${randomToken(24)}` };
    },
    // The confirm endpoint raises its event in the same request, so an intent our row still has as
    // pending or failed has not been confirmed: it is open until canceled.
    async intentState() {
      return 'open';
    },
    async cancelIntent() {
      return 'canceled';
    },
  };
}

export function stripeClient(secretKey: string): Stripe {
  return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: 'Ledgerport' } });
}

/**
 * Stripe: a PaymentIntent for cards confirmed in place (no redirecting methods), with our key passed on
 * as Stripe's idempotency key so a retried create returns Stripe's first intent too.
 */
export function createStripeDriver(stripe: Stripe): PaymentDriver {
  return {
    provider: 'stripe',
    async createIntent(request) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          description: request.description,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          metadata: { ...request.metadata, paymentId: String(request.paymentId), purpose: request.purpose },
        },
        { idempotencyKey: `ledgerport-payment-${request.idempotencyKey}` },
      );
      if (!intent.client_secret) throw new Error(`Stripe returned PaymentIntent ${intent.id} without a client secret.`);
      return { providerPaymentId: intent.id, clientSecret: intent.client_secret };
    },
    async intentState(providerPaymentId) {
      return stripeState((await stripe.paymentIntents.retrieve(providerPaymentId)).status);
    },
    async cancelIntent(providerPaymentId) {
      try {
        return stripeState((await stripe.paymentIntents.cancel(providerPaymentId)).status);
      } catch (error) {
        // Stripe refuses to cancel an intent that is processing or succeeded: report where it stands.
        if ((error as { type?: string } | null)?.type === 'StripeInvalidRequestError') {
          return stripeState((await stripe.paymentIntents.retrieve(providerPaymentId)).status);
        }
        throw error;
      }
    },
  };
}

export function stripeState(status: Stripe.PaymentIntent.Status): ProviderIntentState {
  switch (status) {
    case 'succeeded':
      return 'succeeded';
    case 'canceled':
      return 'canceled';
    // requires_capture: authorised, the money is held; as good as processing for a payer.
    case 'processing':
    case 'requires_capture':
      return 'processing';
    default:
      return 'open';
  }
}

export function createPaymentDriver(config: AppConfig): PaymentDriver {
  return config.stripe ? createStripeDriver(stripeClient(config.stripe.secretKey)) : createTestDriver();
}
