import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { CLIENT_SECRET_PATTERN, PAYMENT_STATUS } from '@ledgerport/shared';
import { auditEvents, paymentEvents, payments } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { createAuditLog } from '../../audit/audit.repository.js';
import { createJobQueue } from '../../../lib/jobs/job-queue.js';
import { createTestDriver, type PaymentDriver } from '../payment-drivers.js';
import { createPaymentsService, type CreatePaymentIntentInput, type PaymentsService } from '../payments.service.js';

let t: TestApp;
let service: PaymentsService;
let driverCalls = 0;

const context = { ipAddress: '203.0.113.7', userAgent: 'vitest', requestId: 'req-1' };
const input = (overrides: Partial<CreatePaymentIntentInput> = {}): CreatePaymentIntentInput => ({
  purpose: 'company-formation',
  amountCents: 25_600,
  description: 'Virginia LLC formation',
  idempotencyKey: `formation-${randomBytes(6).toString('hex')}`,
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const testDriver = createTestDriver();
  const countingDriver: PaymentDriver = {
    ...testDriver,
    createIntent: (request) => {
      driverCalls++;
      return testDriver.createIntent(request);
    },
  };
  service = createPaymentsService({
    db,
    config: t.config,
    audit: createAuditLog({ db }),
    queue: createJobQueue({ db }),
    driver: countingDriver,
  });
});
afterAll(() => t.close());

describe('createIntent on the test processor', () => {
  it('creates a pending usd payment with a pi_test_ intent and a client secret of Stripe’s shape', async () => {
    const created = await service.createIntent(input({ metadata: { clientId: '12' } }));
    expect(created.provider).toBe('test');
    const match = CLIENT_SECRET_PATTERN.exec(created.clientSecret);
    expect(match?.[1]).toMatch(/^pi_test_[A-Za-z0-9]+$/);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, created.paymentId));
    expect(row).toMatchObject({
      status: PAYMENT_STATUS.pending,
      amountCents: 25_600,
      currency: 'usd',
      provider: 'test',
      providerPaymentId: match![1],
      purpose: 'company-formation',
      metadata: { clientId: '12' },
      failureMessage: null,
    });
  });

  it('returns the same payment and client secret for the same key, asking the processor once', async () => {
    const request = input();
    const before = driverCalls;
    const first = await service.createIntent(request);
    const again = await service.createIntent(request);
    const concurrent = await Promise.all([service.createIntent(request), service.createIntent(request)]);
    for (const answer of [again, ...concurrent]) expect(answer).toEqual(first);
    expect(driverCalls - before).toBe(1);
    const rows = await t.database.db.select().from(payments).where(eq(payments.idempotencyKey, request.idempotencyKey));
    expect(rows).toHaveLength(1);
  });

  it('gives different keys different payments', async () => {
    const a = await service.createIntent(input());
    const b = await service.createIntent(input());
    expect(a.paymentId).not.toBe(b.paymentId);
    expect(a.clientSecret).not.toBe(b.clientSecret);
  });

  it('refuses a key reused for another amount or purpose (409)', async () => {
    const request = input();
    await service.createIntent(request);
    await expect(service.createIntent({ ...request, amountCents: 50_000 })).rejects.toMatchObject({ statusCode: 409 });
    await expect(service.createIntent({ ...request, purpose: 'contractors' })).rejects.toMatchObject({
      statusCode: 409,
    });
  });

  it('refuses amounts that are not positive whole cents', async () => {
    for (const amountCents of [0, -100, 12.5]) {
      await expect(service.createIntent(input({ amountCents }))).rejects.toMatchObject({ statusCode: 400 });
    }
  });

  it('commits with the caller’s transaction and disappears with its rollback', async () => {
    const request = input();
    await expect(
      t.database.db.transaction(async (tx) => {
        await service.createIntent(request, tx);
        throw new Error('the feature failed after asking for the payment');
      }),
    ).rejects.toThrow('the feature failed');
    expect(
      await t.database.db.select().from(payments).where(eq(payments.idempotencyKey, request.idempotencyKey)),
    ).toHaveLength(0);
  });

  it('audits the creation once when given the request context', async () => {
    const request = input({ context, actorUserId: null });
    const created = await service.createIntent(request);
    await service.createIntent(request);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'payment.intent-created'), eq(auditEvents.objectId, String(created.paymentId))),
      );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ ipAddress: context.ipAddress, details: { amountCents: 25_600 } });
  });
});

describe('reading a payment', () => {
  it('gives the status and summary, and null for a payment that does not exist', async () => {
    const created = await service.createIntent(input({ purpose: 'contractors', amountCents: 4_500 }));
    expect(await service.getStatus(created.paymentId)).toBe(PAYMENT_STATUS.pending);
    expect(await service.getPayment(created.paymentId)).toMatchObject({
      id: created.paymentId,
      purpose: 'contractors',
      status: PAYMENT_STATUS.pending,
      amountCents: 4_500,
      provider: 'test',
    });
    expect(await service.getStatus(999_999)).toBeNull();
    expect(await service.getPayment(999_999)).toBeNull();
  });
});

describe('status', () => {
  it('changes only with a provider event: a repeated create after payment neither resets nor re-asks', async () => {
    const request = input();
    const created = await service.createIntent(request);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/v1/company/payments/test-processor/confirm',
      payload: { clientSecret: created.clientSecret, outcome: 'succeeded', last4: '4242', brand: 'visa' },
    });
    expect(confirm.json()).toEqual({ status: 'succeeded' });
    expect(await service.getStatus(created.paymentId)).toBe(PAYMENT_STATUS.paid);

    expect(await service.createIntent(request)).toEqual(created);
    expect(await service.getStatus(created.paymentId)).toBe(PAYMENT_STATUS.paid);
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, created.paymentId));
    expect(events.map((event) => event.type)).toEqual(['payment_intent.succeeded']);
  });
});
