import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RECONCILIATION_ERROR_CODE,
  sandboxInstitutionDtoSchema,
  sandboxPublicTokenBodySchema,
  sandboxPublicTokenResultSchema,
} from '@ledgerport/shared';
import { BadRequestError, NotFoundError, TooManyRequestsError } from '../../lib/errors.js';
import { requestContext } from '../../lib/request-context.js';
import { principalOf } from '../../plugins/auth.js';
import type { ThrottleRepository } from '../auth/index.js';
import { InvalidBankTokenError } from './bank-link/bank-link.js';
import type { createPlaidBankLink } from './bank-link/plaid-driver.js';
import { SandboxInvalidCredentialsError, type SandboxBank } from './bank-link/sandbox-bank.js';
import type { ReconciliationService } from './reconciliation.service.js';

const tags = ['document'];
/** Failed webhook verifications per IP before it is refused for a while (Plaid's own never fail). */
const WEBHOOK_FAILURES = { max: 20, windowSeconds: 15 * 60 };

interface Options {
  sandbox: SandboxBank | null;
  plaid: ReturnType<typeof createPlaidBankLink> | null;
  reconciliation: ReconciliationService;
  throttle: ThrottleRepository;
}

const plaidWebhookSchema = z.looseObject({
  webhook_type: z.string(),
  webhook_code: z.string(),
  item_id: z.string().optional(),
  error: z.looseObject({ error_code: z.string().optional() }).nullish(),
});

/** The sandbox bank's link dialog (offline driver) and Plaid's webhook (Plaid driver). */
export const bankLinkRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { sandbox, plaid, reconciliation, throttle },
) => {
  app.get(
    '/document/reconciliation/sandbox/institutions',
    {
      config: { permission: 'reconciliation:add-account' },
      schema: {
        tags,
        summary: "The sandbox bank's institutions (test mode only; 404 when Plaid is configured)",
        response: { 200: z.array(sandboxInstitutionDtoSchema) },
      },
    },
    async () => {
      if (!sandbox) throw new NotFoundError();
      return sandbox.institutions();
    },
  );

  app.post(
    '/document/reconciliation/sandbox/public-token',
    {
      config: { permission: 'reconciliation:add-account', idempotent: false },
      schema: {
        tags,
        summary: "The sandbox link dialog's login: a public token for the link token's client (test mode only)",
        description: 'Credentials user_good / pass_good; user_expiring / pass_good lapses after the first sync.',
        body: sandboxPublicTokenBodySchema,
        response: { 200: sandboxPublicTokenResultSchema },
      },
    },
    async (request) => {
      if (!sandbox) throw new NotFoundError();
      try {
        return {
          publicToken: await sandbox.createPublicToken({ ...request.body, userId: principalOf(request).userId }),
        };
      } catch (error) {
        if (error instanceof SandboxInvalidCredentialsError) {
          throw new BadRequestError(error.message, RECONCILIATION_ERROR_CODE.sandboxInvalidCredentials);
        }
        if (error instanceof InvalidBankTokenError) {
          throw new BadRequestError('The link has expired. Start again.', RECONCILIATION_ERROR_CODE.invalidLinkToken);
        }
        throw error;
      }
    },
  );

  // Plaid signs the exact bytes it sent, so this route keeps the raw body for the check.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    webhook.post(
      '/document/reconciliation/plaid/webhook',
      {
        config: { public: true, idempotent: false },
        schema: {
          tags,
          summary: "Plaid's webhook (Plaid-Verification JWT checked); 404 when Plaid is not configured",
          hide: !plaid,
        },
      },
      async (request, reply) => {
        if (!plaid) throw new NotFoundError();
        const key = `plaid-webhook:ip:${requestContext(request).ipAddress}`;
        const wait = await throttle.retryAfterSeconds(key, WEBHOOK_FAILURES.max, WEBHOOK_FAILURES.windowSeconds);
        if (wait > 0) throw new TooManyRequestsError(wait);
        const raw = typeof request.body === 'string' ? request.body : '';
        const header = request.headers['plaid-verification'];
        if (!(await plaid.verifyWebhook(raw, typeof header === 'string' ? header : undefined))) {
          await throttle.recordFailure(key, WEBHOOK_FAILURES.windowSeconds);
          throw new BadRequestError('The webhook could not be verified.');
        }
        const parsed = plaidWebhookSchema.safeParse(JSON.parse(raw));
        if (parsed.success && parsed.data.item_id) {
          const { webhook_type: type, webhook_code: code, error } = parsed.data;
          const itemId = parsed.data.item_id;
          if (type === 'TRANSACTIONS' && code === 'SYNC_UPDATES_AVAILABLE') {
            await reconciliation.onProviderEvent(itemId, { kind: 'sync-available' });
          } else if (type === 'ITEM' && code === 'LOGIN_REPAIRED') {
            await reconciliation.onProviderEvent(itemId, { kind: 'repaired' });
          } else if (
            type === 'ITEM' &&
            (code === 'PENDING_EXPIRATION' || code === 'PENDING_DISCONNECT' || code === 'USER_PERMISSION_REVOKED')
          ) {
            await reconciliation.onProviderEvent(itemId, { kind: 'state', code });
          } else if (type === 'ITEM' && code === 'ERROR' && error?.error_code) {
            await reconciliation.onProviderEvent(itemId, { kind: 'state', code: error.error_code });
          }
        }
        return reply.status(200).send({ received: true });
      },
    );
  });
};
