import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  paymentConfirmResultSchema,
  paymentsConfigSchema,
  testProcessorConfirmInputSchema,
  type PaymentsConfig,
} from '@ledgerport/shared';
import { NotFoundError } from '../../lib/errors.js';
import { requestContext } from '../../lib/request-context.js';
import type { StripeWebhook } from './stripe-webhook.js';
import type { TestProcessor } from './test-processor.js';

const TAGS = ['payment'];
const BASE = '/company/payments';
/** Stripe's payment_intent events are a few kilobytes; this leaves room without inviting floods. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * Card payments (DESIGN.md section 8). All three routes are public: the formation pages have no
 * account, the webhook is Stripe calling, and the secrets in the bodies are the credentials.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  config: PaymentsConfig;
  /** Null when Stripe is not configured: the webhook then answers 404. */
  webhook: StripeWebhook | null;
  /** Null when Stripe takes the payments: the test processor then answers 404. */
  testProcessor: TestProcessor | null;
}> = async (app, { config, webhook, testProcessor }) => {
  app.get(
    `${BASE}/config`,
    {
      config: { public: true },
      schema: {
        tags: TAGS,
        summary: 'Which card form the browser shows: Stripe (with its publishable key) or the test processor',
        response: { 200: paymentsConfigSchema },
      },
    },
    async () => config,
  );

  app.post(
    `${BASE}/test-processor/confirm`,
    {
      config: { public: true, idempotent: false },
      schema: {
        tags: TAGS,
        summary:
          'Confirm a test-processor payment with the outcome the card form decided (never a card number); ' +
          'raises the provider event. 404 for an unknown secret, 409 when already paid; throttled per IP',
        body: testProcessorConfirmInputSchema,
        response: { 200: paymentConfirmResultSchema },
      },
    },
    async (request) => {
      if (!testProcessor) throw new NotFoundError();
      return testProcessor.confirm(requestContext(request), request.body);
    },
  );

  // Its own scope, so only this route gets the body as raw bytes: the signature covers exactly those.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      `${BASE}/stripe/webhook`,
      {
        config: { public: true, idempotent: false },
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags: TAGS,
          summary:
            "Stripe's events, verified by signature on the raw body (stale timestamps refused) and applied once " +
            'per event id; 400 for a bad signature, 404 when Stripe is not configured',
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) => {
        if (!webhook) throw new NotFoundError();
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        await webhook.receive(requestContext(request), body, typeof signature === 'string' ? signature : undefined);
        return { received: true as const };
      },
    );
  });
};
