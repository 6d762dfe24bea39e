import type { AppConfig } from '../../config/index.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';
import type { AuditLog } from '../audit/audit.repository.js';

/**
 * Card payments behind one interface (DESIGN.md section 8): Stripe when configured, otherwise the
 * built-in test processor with the same intent / confirm-in-the-browser / provider-event shape.
 * Other features (company formation, contractors) create intents here and read a payment's status
 * from the `payments` table; the status changes only from the provider's event.
 */
export type PaymentPurpose = 'company-formation' | 'contractors';

export interface CreatePaymentIntentInput {
  purpose: PaymentPurpose;
  /** In cents, USD. */
  amountCents: number;
  description: string;
  /** Same key, same intent: a retried submit never charges twice. */
  idempotencyKey: string;
  /** Kept with the payment (e.g. the client whose contractors are paid). */
  metadata?: Record<string, string>;
}

export interface PaymentIntentCreated {
  /** Our `payments.id`: the feature stores it on its own row. */
  paymentId: number;
  /** Handed to the browser, which confirms the card with the provider. */
  clientSecret: string;
  provider: 'stripe' | 'test';
}

export interface PaymentsService {
  createIntent(input: CreatePaymentIntentInput, tx?: DbOrTx): Promise<PaymentIntentCreated>;
}

export function createPaymentsService(_deps: {
  db: Db;
  config: AppConfig;
  audit: AuditLog;
  queue: JobQueue;
}): PaymentsService {
  return {
    async createIntent() {
      throw new Error('Payments are not built yet.');
    },
  };
}
