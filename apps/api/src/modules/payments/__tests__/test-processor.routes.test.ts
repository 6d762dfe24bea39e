import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PAYMENT_STATUS } from '@ledgerport/shared';
import { auditEvents, authThrottle, paymentEvents, payments } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { TEST_CONFIRM_LIMITS } from '../test-processor.js';
import { insertPayment } from './payments-fixtures.js';

const BASE = '/api/v1/company/payments';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Outcome = 'succeeded' | 'card_declined' | 'insufficient_funds';
function confirm(clientSecret: string, outcome: Outcome = 'succeeded', extra: object = {}, ip = '198.51.100.1') {
  return t.app.inject({
    method: 'POST',
    url: `${BASE}/test-processor/confirm`,
    remoteAddress: ip,
    payload: { clientSecret, outcome, last4: outcome === 'succeeded' ? '4242' : '0002', brand: 'visa', ...extra },
  });
}

const paymentRow = async (id: number) => (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const eventsOf = (id: number) => t.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, id));
const auditOf = (id: number, action: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.objectId, String(id))));

describe('GET /company/payments/config without Stripe', () => {
  it('names the test processor and no publishable key, to anyone', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${BASE}/config` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ provider: 'test', publishableKey: null });
  });

  it('answers 404 on the Stripe webhook', async () => {
    const response = await t.app.inject({ method: 'POST', url: `${BASE}/stripe/webhook`, payload: { id: 'evt_1' } });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /company/payments/test-processor/confirm', () => {
  it('marks the payment paid through a provider event and answers succeeded', async () => {
    const payment = await insertPayment(t.database.db);
    const response = await confirm(payment.clientSecret!);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'succeeded' });
    expect((await paymentRow(payment.id)).status).toBe(PAYMENT_STATUS.paid);
    const events = await eventsOf(payment.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ provider: 'test', type: 'payment_intent.succeeded' });
    expect(events[0]!.eventId).toMatch(/^evt_test_[A-Za-z0-9]+$/);
    const [audit] = await auditOf(payment.id, 'payment.succeeded');
    expect(audit?.details).toMatchObject({ provider: 'test', card: { last4: '4242', brand: 'visa' } });
  });

  it('keeps a declined card’s provider message, leaves the payment payable, and a later good card pays it', async () => {
    const payment = await insertPayment(t.database.db);
    const declined = await confirm(payment.clientSecret!, 'card_declined');
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({
      status: 'requires_payment_method',
      error: { message: 'Your card was declined.' },
    });
    expect(await paymentRow(payment.id)).toMatchObject({
      status: PAYMENT_STATUS.failed,
      failureMessage: 'Your card was declined.',
    });
    expect(await auditOf(payment.id, 'payment.failed')).toHaveLength(1);

    const poor = await confirm(payment.clientSecret!, 'insufficient_funds');
    expect(poor.json()).toEqual({
      status: 'requires_payment_method',
      error: { message: 'Your card has insufficient funds.' },
    });

    expect((await confirm(payment.clientSecret!)).json()).toEqual({ status: 'succeeded' });
    expect(await paymentRow(payment.id)).toMatchObject({ status: PAYMENT_STATUS.paid, failureMessage: null });
    expect(await eventsOf(payment.id)).toHaveLength(3);
  });

  it('refuses a payment that is already paid (409) without a new event', async () => {
    const payment = await insertPayment(t.database.db);
    await confirm(payment.clientSecret!);
    const again = await confirm(payment.clientSecret!, 'card_declined');
    expect(again.statusCode).toBe(409);
    expect((await paymentRow(payment.id)).status).toBe(PAYMENT_STATUS.paid);
    expect(await eventsOf(payment.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown secret and for a known intent with the wrong secret', async () => {
    const payment = await insertPayment(t.database.db);
    expect((await confirm('pi_test_doesnotexist_secret_abc')).statusCode).toBe(404);
    expect((await confirm(`${payment.providerPaymentId}_secret_guessed`)).statusCode).toBe(404);
    expect((await paymentRow(payment.id)).status).toBe(PAYMENT_STATUS.pending);
    expect(await eventsOf(payment.id)).toHaveLength(0);
  });

  it('does not let the test processor pay a Stripe payment', async () => {
    const payment = await insertPayment(t.database.db, { provider: 'stripe' });
    expect((await confirm(payment.clientSecret!)).statusCode).toBe(404);
    expect((await paymentRow(payment.id)).status).toBe(PAYMENT_STATUS.pending);
  });

  it('refuses a body carrying a card number: nothing but the outcome reaches the server', async () => {
    const payment = await insertPayment(t.database.db);
    const response = await confirm(payment.clientSecret!, 'succeeded', { cardNumber: '4242424242424242' });
    expect(response.statusCode).toBe(400);
    expect((await paymentRow(payment.id)).status).toBe(PAYMENT_STATUS.pending);
  });

  it('throttles confirms per IP', async () => {
    const ip = '198.51.100.99';
    const payment = await insertPayment(t.database.db);
    for (let i = 0; i < TEST_CONFIRM_LIMITS.perIp; i++) {
      expect((await confirm(payment.clientSecret!, 'card_declined', {}, ip)).statusCode).toBe(200);
    }
    const blocked = await confirm(payment.clientSecret!, 'succeeded', {}, ip);
    expect(blocked.statusCode).toBe(429);
    expect((await paymentRow(payment.id)).status).toBe(PAYMENT_STATUS.failed);
    // Another address is not affected.
    expect((await confirm(payment.clientSecret!, 'succeeded', {}, '198.51.100.100')).statusCode).toBe(200);
    await t.database.db.delete(authThrottle).where(eq(authThrottle.key, `payment-test-confirm:ip:${ip}`));
  });
});
