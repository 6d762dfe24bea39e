import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CLIENT_SECRET_PATTERN, PAYMENT_INTENT_RESULT, PAYMENT_STATUS, ROLE_NAME } from '@ledgerport/shared';
import { payments } from '../../../db/schema/index.js';
import { createJobQueue } from '../../../lib/jobs/job-queue.js';
import { fieldCryptoOf } from '../../../testing/clients-factories.js';
import { chooseCurrentClient, createClient, createUser } from '../../../testing/factories.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { createAuditLog } from '../../audit/audit.repository.js';
import type { Principal } from '../../auth/auth.service.js';
import { createPaymentDriver, type PaymentDriver, type ProviderIntentState } from '../../payments/payment-drivers.js';
import { createPaymentsService } from '../../payments/payments.service.js';
import { createUsersRepository } from '../../users/users.repository.js';
import { createContractorsRepository } from '../contractors.repository.js';
import { createContractorsService, type ContractorsService } from '../contractors.service.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { insertContractor } from './contractors-fixtures.js';

/**
 * Result 3 needs a provider that says a card was confirmed before its event arrived (Stripe's
 * `processing`, or `succeeded` with the webhook on its way); the test processor raises its event in
 * the confirm itself, so here a driver in front of it reports the state each intent is given.
 */
let t: TestApp;
let service: ContractorsService;
const states = new Map<string, ProviderIntentState>();
let cancelCalls = 0;
const context = { ipAddress: '203.0.113.9', userAgent: 'vitest', requestId: 'req-contractors-pay' };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await seedDemoFirm(db);
  const inner = createPaymentDriver(t.config);
  const driver: PaymentDriver = {
    provider: inner.provider,
    createIntent: (request) => inner.createIntent(request),
    intentState: async (id) => states.get(id) ?? 'open',
    cancelIntent: async (id) => {
      cancelCalls++;
      const state = states.get(id) ?? 'open';
      return state === 'open' ? 'canceled' : state;
    },
  };
  const audit = createAuditLog({ db });
  const users = createUsersRepository({ db });
  service = createContractorsService({
    db,
    contractors: createContractorsRepository({ db }),
    users,
    audit,
    fieldCrypto: fieldCryptoOf(t),
    payments: createPaymentsService({ db, config: t.config, audit, queue: createJobQueue({ db }), driver }),
  });
});
afterAll(() => t.close());

async function clientPrincipal(): Promise<{ principal: Principal; clientId: number }> {
  const db = t.database.db;
  const owner = await createUser(db, { role: 'client' });
  const client = await createClient(db, { ownerUserId: owner.id });
  await chooseCurrentClient(db, owner.id, client.id);
  return {
    clientId: client.id,
    principal: {
      userId: owner.id,
      sessionId: 'session',
      roles: [ROLE_NAME.client],
      permissions: [],
      isClient: true,
      mustEnrollTwoFactor: false,
      currentClientId: client.id,
    },
  };
}

function providerIdOf(secret: string | null): string {
  return CLIENT_SECRET_PATTERN.exec(secret ?? '')![1]!;
}

describe('pay and submit against the provider state', () => {
  it('answers 3 only while the card of the open intent is processing or succeeded at the provider', async () => {
    const { principal, clientId } = await clientPrincipal();
    await insertContractor(t.database.db, { clientId });
    const first = await service.createPaymentIntent(principal, context);
    expect(first.resultType).toBe(PAYMENT_INTENT_RESULT.success);
    // Open (the card form was closed): the same intent again.
    expect(await service.createPaymentIntent(principal, context)).toEqual(first);

    for (const state of ['processing', 'succeeded'] as const) {
      states.set(providerIdOf(first.stripePaymentClientSecret), state);
      expect(await service.createPaymentIntent(principal, context)).toEqual({
        resultType: PAYMENT_INTENT_RESULT.paymentInProgress,
        stripePaymentClientSecret: null,
        paymentAmount: null,
      });
    }
  });

  it('refuses to delete a contractor whose confirmed payment is on its way, and leaves that payment alone', async () => {
    const { principal, clientId } = await clientPrincipal();
    const id = await insertContractor(t.database.db, { clientId });
    const first = await service.createPaymentIntent(principal, context);
    states.set(providerIdOf(first.stripePaymentClientSecret), 'processing');
    const before = cancelCalls;

    await expect(service.delete(id, principal, context)).rejects.toMatchObject({
      statusCode: 409,
      code: 'CONTRACTOR_PAYMENT_PROCESSING',
    });
    // Adding one more leaves the processing intent to its event; the new contractor is paid separately.
    await insertContractor(t.database.db, { clientId });
    expect(await service.createPaymentIntent(principal, context)).toMatchObject({ resultType: 3 });
    const [row] = await t.database.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.clientSecret, first.stripePaymentClientSecret!));
    expect(row?.status).toBe(PAYMENT_STATUS.pending);
    expect(cancelCalls).toBeGreaterThan(before);
  });
});
