import { z } from 'zod';

/**
 * Contract of card payments (DESIGN.md section 8; issue 8 item 1): Stripe when configured, otherwise
 * the built-in test processor with the same intent / confirm-in-the-browser / provider-event shape.
 * No card number ever crosses this contract: the browser sends the test processor only the outcome
 * the card form decided, the last four digits and the brand.
 */

/** Spec 03 section 4: the registration payment status ids, shared by every feature that takes a payment. */
export const PAYMENT_STATUS = { pending: 1, paid: 2, failed: 3, canceled: 4 } as const;
export type PaymentStatus = (typeof PAYMENT_STATUS)[keyof typeof PAYMENT_STATUS];

/** Display names of the status chips (pending orange, paid green, failed and canceled red). */
export const PAYMENT_STATUS_NAME: Record<PaymentStatus, string> = {
  [PAYMENT_STATUS.pending]: 'Pending',
  [PAYMENT_STATUS.paid]: 'Paid',
  [PAYMENT_STATUS.failed]: 'Failed',
  [PAYMENT_STATUS.canceled]: 'Canceled',
};

export const paymentStatusSchema = z.union([
  z.literal(PAYMENT_STATUS.pending),
  z.literal(PAYMENT_STATUS.paid),
  z.literal(PAYMENT_STATUS.failed),
  z.literal(PAYMENT_STATUS.canceled),
]);

/** The `{id, name}` shape spec 03 shows a payment status in (e.g. a company's registrationPayment). */
export const paymentStatusDtoSchema = z.object({ id: paymentStatusSchema, name: z.string() });
export type PaymentStatusDto = z.infer<typeof paymentStatusDtoSchema>;

export function paymentStatusDto(id: PaymentStatus): PaymentStatusDto {
  return { id, name: PAYMENT_STATUS_NAME[id] };
}

export const PAYMENT_PROVIDERS = ['stripe', 'test'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** GET /company/payments/config: which card form the browser shows. */
export const paymentsConfigSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe's publishable key; null with the test processor. */
  publishableKey: z.string().nullable(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

/**
 * What the test processor's card form decides in the browser from Stripe's test numbers
 * (docs/payments.md): 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined,
 * 4000 0000 0000 9995 has insufficient funds.
 */
export const TEST_CARD_OUTCOMES = ['succeeded', 'card_declined', 'insufficient_funds'] as const;
export type TestCardOutcome = (typeof TEST_CARD_OUTCOMES)[number];

/** Stripe's own wording of these declines: the card form shows the provider's message (spec 03 section 8). */
export const TEST_CARD_DECLINE_MESSAGE: Record<Exclude<TestCardOutcome, 'succeeded'>, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
};

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** A client secret as both providers shape it: `<payment intent id>_secret_<random>`. */
export const CLIENT_SECRET_PATTERN = /^(pi_[A-Za-z0-9_]+)_secret_[A-Za-z0-9]+$/;

/**
 * POST /company/payments/test-processor/confirm: only what the form decided. Strict, so a body that
 * carries anything more (a card number, a CVC) is refused rather than silently dropped.
 */
export const testProcessorConfirmInputSchema = z
  .object({
    clientSecret: z.string().max(200).regex(CLIENT_SECRET_PATTERN),
    outcome: z.enum(TEST_CARD_OUTCOMES),
    last4: z.string().regex(/^\d{4}$/),
    brand: z.enum(CARD_BRANDS),
  })
  .strict();
export type TestProcessorConfirmInput = z.infer<typeof testProcessorConfirmInputSchema>;

/** The shape of Stripe's confirm result the card form reads: succeeded, or back to the card with a message. */
export const paymentConfirmResultSchema = z.object({
  status: z.enum(['succeeded', 'requires_payment_method']),
  error: z.object({ message: z.string() }).optional(),
});
export type PaymentConfirmResult = z.infer<typeof paymentConfirmResultSchema>;
