import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createThrottleRepository } from '../auth/index.js';
import type { ModuleDeps } from '../module-deps.js';
import { createNotificationPublisher } from '../notifications/index.js';
import { bankLinkRoutes } from './bank-link.routes.js';
import { createPlaidBankLink } from './bank-link/plaid-driver.js';
import { createSandboxBank } from './bank-link/sandbox-bank.js';
import { createReconciliationRepository } from './reconciliation.repository.js';
import { reconciliationRoutes } from './reconciliation.routes.js';
import { RECONCILIATION_SYNC_JOB, createReconciliationService } from './reconciliation.service.js';

const syncJobPayload = z.object({ clientId: z.number().int() });

/**
 * Bank linking, synchronisation, accounts, balances and transactions (spec 03; docs/reconciliation.md).
 * Plaid when PLAID_* is set, else the offline sandbox bank (DESIGN.md section 8).
 */
export const reconciliationModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const { db, config, fieldCrypto } = deps;
  const plaid = config.plaid
    ? createPlaidBankLink(
        config.plaid,
        new URL('/api/v1/document/reconciliation/plaid/webhook', config.appUrl).toString(),
      )
    : null;
  const sandbox = plaid ? null : createSandboxBank({ db, fieldCrypto });
  const reconciliation = createReconciliationService({
    db,
    repository: createReconciliationRepository({ db }),
    bankLink: plaid ?? sandbox!,
    fieldCrypto,
    queue: deps.queue,
    audit: deps.audit,
    notifications: createNotificationPublisher(deps.queue),
  });
  deps.jobs.register(RECONCILIATION_SYNC_JOB, async (payload) => {
    await reconciliation.runSync(syncJobPayload.parse(payload).clientId);
  });
  await app.register(reconciliationRoutes, { reconciliation });
  await app.register(bankLinkRoutes, {
    sandbox,
    plaid,
    reconciliation,
    throttle: createThrottleRepository({ db }),
  });
};
