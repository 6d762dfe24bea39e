import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/client.js';
import type { PaymentProvider } from '@ledgerport/shared';
import { createPaymentsRepository, type PaymentRow } from '../payments.repository.js';

/**
 * A pending payment with a provider intent, written straight to the tables: Stripe-provider payments
 * cannot be created through the driver in tests (that would call Stripe over the network).
 */
export async function insertPayment(
  db: Db,
  { provider = 'test', amountCents = 25_600 }: { provider?: PaymentProvider; amountCents?: number } = {},
): Promise<PaymentRow> {
  const repository = createPaymentsRepository({ db });
  const random = randomBytes(12).toString('hex');
  const created = await repository.insertOrFind({
    purpose: 'company-formation',
    amountCents,
    provider,
    idempotencyKey: `fixture-${random}`,
    metadata: {},
  });
  const providerPaymentId = provider === 'test' ? `pi_test_${random}` : `pi_${random}`;
  return repository.attachIntent(created.id, {
    providerPaymentId,
    clientSecret: `${providerPaymentId}_secret_${random}`,
  });
}
