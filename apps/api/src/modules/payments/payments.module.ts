import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';
import { createThrottleRepository } from '../auth/index.js';
import { createNotificationPublisher } from '../notifications/index.js';
import { stripeClient } from './payment-drivers.js';
import { createPaymentEvents } from './payment-events.js';
import { createPaymentsRepository } from './payments.repository.js';
import { paymentsRoutes } from './payments.routes.js';
import { createStripeWebhook } from './stripe-webhook.js';
import { createTestProcessor } from './test-processor.js';

/**
 * Card payments behind one interface: Stripe or the built-in test processor (DESIGN.md section 8).
 * Features create intents through `deps.payments`; this module receives the provider's events.
 */
export const paymentsModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const repository = createPaymentsRepository({ db: deps.db });
  const events = createPaymentEvents({
    db: deps.db,
    repository,
    audit: deps.audit,
    notifications: createNotificationPublisher(deps.queue),
  });
  const stripe = deps.config.stripe;
  await app.register(paymentsRoutes, {
    config: { provider: stripe ? 'stripe' : 'test', publishableKey: stripe?.publishableKey ?? null },
    webhook: stripe
      ? createStripeWebhook({
          stripe: stripeClient(stripe.secretKey),
          webhookSecret: stripe.webhookSecret,
          events,
          audit: deps.audit,
        })
      : null,
    testProcessor: stripe
      ? null
      : createTestProcessor({ repository, events, throttle: createThrottleRepository({ db: deps.db }) }),
  });
};
