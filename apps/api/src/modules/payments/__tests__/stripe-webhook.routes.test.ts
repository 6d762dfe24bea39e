import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { PAYMENT_STATUS } from '@ledgerport/shared';
import { auditEvents, paymentEvents, payments } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { insertPayment } from './payments-fixtures.js';

// Stripe is configured, but nothing here reaches Stripe: events are built and signed locally, as
// Stripe signs them, and payments are written straight to the table.
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('hex')}`;
const WEBHOOK_URL = '/api/v1/company/payments/stripe/webhook';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_ledgerport',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_ledgerport',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
});
afterAll(() => t.close());

function stripeEvent(
  type: string,
  providerPaymentId: string,
  { id = `evt_${randomBytes(12).toString('hex')}`, message }: { id?: string; message?: string } = {},
) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: providerPaymentId,
        object: 'payment_intent',
        amount: 25_600,
        currency: 'usd',
        last_payment_error: message ? { type: 'card_error', code: 'card_declined', message } : null,
      },
    },
  });
}

function deliver(
  payload: string,
  { secret = WEBHOOK_SECRET, timestamp, body = payload }: { secret?: string; timestamp?: number; body?: string } = {},
) {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return t.app.inject({
    method: 'POST',
    url: WEBHOOK_URL,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload: body,
  });
}

const paymentRow = async (id: number) => (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const eventsOf = (id: number) => t.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, id));
const auditOf = (id: number, action: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.objectId, String(id))));
const rejections = async () =>
  (await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'payment.event-rejected'))).length;

describe('payments with Stripe configured', () => {
  it('gives the browser Stripe and its publishable key', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/company/payments/config' });
    expect(response.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_ledgerport' });
  });

  it('turns the test processor off (404)', async () => {
    const payment = await insertPayment(t.database.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/company/payments/test-processor/confirm',
      payload: { clientSecret: payment.clientSecret, outcome: 'succeeded', last4: '4242', brand: 'visa' },
    });
    expect(response.statusCode).toBe(404);
    expect((await paymentRow(payment.id)).status).toBe(PAYMENT_STATUS.pending);
  });
});

describe('POST /company/payments/stripe/webhook', () => {
  it('applies a correctly signed payment_intent.succeeded: paid, one event row, audited', async () => {
    const payment = await insertPayment(t.database.db, { provider: 'stripe' });
    const response = await deliver(stripeEvent('payment_intent.succeeded', payment.providerPaymentId!));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect((await paymentRow(payment.id)).status).toBe(PAYMENT_STATUS.paid);
    expect(await eventsOf(payment.id)).toHaveLength(1);
    expect(await auditOf(payment.id, 'payment.succeeded')).toHaveLength(1);
  });

  it('applies the same event delivered twice once: one payment change, one event row', async () => {
    const payment = await insertPayment(t.database.db, { provider: 'stripe' });
    const event = stripeEvent('payment_intent.succeeded', payment.providerPaymentId!);
    expect((await deliver(event)).statusCode).toBe(200);
    const paidAt = (await paymentRow(payment.id)).updatedAt;
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await paymentRow(payment.id)).toMatchObject({ status: PAYMENT_STATUS.paid, updatedAt: paidAt });
    expect(await eventsOf(payment.id)).toHaveLength(1);
    expect(await auditOf(payment.id, 'payment.succeeded')).toHaveLength(1);
  });

  it('refuses a tampered body (400), audits the rejection and changes nothing', async () => {
    const payment = await insertPayment(t.database.db, { provider: 'stripe' });
    const before = await rejections();
    const signed = stripeEvent('payment_intent.payment_failed', payment.providerPaymentId!, { message: 'Declined' });
    const tampered = signed.replace('payment_intent.payment_failed', 'payment_intent.succeeded');
    const response = await deliver(signed, { body: tampered });
    expect(response.statusCode).toBe(400);
    expect((await paymentRow(payment.id)).status).toBe(PAYMENT_STATUS.pending);
    expect(await eventsOf(payment.id)).toHaveLength(0);
    expect(await rejections()).toBe(before + 1);
  });

  it('refuses an event signed with another secret (400)', async () => {
    const payment = await insertPayment(t.database.db, { provider: 'stripe' });
    const response = await deliver(stripeEvent('payment_intent.succeeded', payment.providerPaymentId!), {
      secret: `whsec_${randomBytes(24).toString('hex')}`,
    });
    expect(response.statusCode).toBe(400);
    expect((await paymentRow(payment.id)).status).toBe(PAYMENT_STATUS.pending);
  });

  it('refuses a correctly signed event with a stale timestamp (older than 300 s)', async () => {
    const payment = await insertPayment(t.database.db, { provider: 'stripe' });
    const response = await deliver(stripeEvent('payment_intent.succeeded', payment.providerPaymentId!), {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect(response.statusCode).toBe(400);
    expect((await paymentRow(payment.id)).status).toBe(PAYMENT_STATUS.pending);
  });

  it('refuses a delivery without a signature (400)', async () => {
    const payment = await insertPayment(t.database.db, { provider: 'stripe' });
    const response = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      headers: { 'content-type': 'application/json' },
      payload: stripeEvent('payment_intent.succeeded', payment.providerPaymentId!),
    });
    expect(response.statusCode).toBe(400);
  });

  it('keeps the provider’s decline message on payment_failed, and a later success clears it', async () => {
    const payment = await insertPayment(t.database.db, { provider: 'stripe' });
    const message = 'Your card was declined.';
    await deliver(stripeEvent('payment_intent.payment_failed', payment.providerPaymentId!, { message }));
    expect(await paymentRow(payment.id)).toMatchObject({ status: PAYMENT_STATUS.failed, failureMessage: message });
    expect(await auditOf(payment.id, 'payment.failed')).toHaveLength(1);
    await deliver(stripeEvent('payment_intent.succeeded', payment.providerPaymentId!));
    expect(await paymentRow(payment.id)).toMatchObject({ status: PAYMENT_STATUS.paid, failureMessage: null });
  });

  it('never lets a late failure undo a payment that succeeded', async () => {
    const payment = await insertPayment(t.database.db, { provider: 'stripe' });
    await deliver(stripeEvent('payment_intent.succeeded', payment.providerPaymentId!));
    const late = await deliver(
      stripeEvent('payment_intent.payment_failed', payment.providerPaymentId!, { message: 'x' }),
    );
    expect(late.statusCode).toBe(200);
    expect((await paymentRow(payment.id)).status).toBe(PAYMENT_STATUS.paid);
    expect(await eventsOf(payment.id)).toHaveLength(2);
  });

  it('marks payment_intent.canceled canceled', async () => {
    const payment = await insertPayment(t.database.db, { provider: 'stripe' });
    await deliver(stripeEvent('payment_intent.canceled', payment.providerPaymentId!));
    expect((await paymentRow(payment.id)).status).toBe(PAYMENT_STATUS.canceled);
  });

  it('acknowledges an intent that is not ours and event types it does not handle, changing nothing', async () => {
    const stranger = stripeEvent('payment_intent.succeeded', 'pi_not_ours');
    expect((await deliver(stranger)).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, JSON.parse(stranger).id as string));
    expect(row?.paymentId).toBeNull();

    const payment = await insertPayment(t.database.db, { provider: 'stripe' });
    expect((await deliver(stripeEvent('payment_intent.created', payment.providerPaymentId!))).statusCode).toBe(200);
    expect((await paymentRow(payment.id)).status).toBe(PAYMENT_STATUS.pending);
    expect(await eventsOf(payment.id)).toHaveLength(0);
  });
});
