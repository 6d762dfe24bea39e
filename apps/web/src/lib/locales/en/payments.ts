/** Texts of the shared card payment form (components/payments; spec 03 sections 4 and 8). */
export const payments = {
  pay: 'Pay {{amount}}',
  loading: 'Loading the payment form',
  /** Spec 03 section 8: the generic fetch failure. */
  configError: "An error occurred. Couldn't fetch data.",
  /** Spec 03 section 8 catalogue wording for an unexpected failure. */
  unexpectedError: 'Unexpected error has occurred, please try again later.',
  processing: 'Your payment is processing. You will see its status once the card issuer confirms it.',
  card: {
    legend: 'Card details',
    number: 'Card number',
    expiry: 'Expiration date (MM/YY)',
    cvc: 'Security code (CVC)',
    postalCode: 'Postal code',
    /** Stripe's own wording of the same checks. */
    errors: {
      numberIncomplete: 'Your card number is incomplete.',
      numberInvalid: 'Your card number is invalid.',
      expiryIncomplete: "Your card's expiration date is incomplete.",
      expiryInvalidMonth: "Your card's expiration date is invalid.",
      expiryInPast: "Your card's expiration year is in the past.",
      cvcIncomplete: "Your card's security code is incomplete.",
      postalCodeIncomplete: 'Your postal code is incomplete.',
    },
  },
  testMode: {
    badge: 'Test mode',
    hint: 'No real card is charged. Pay with 4242 4242 4242 4242; 4000 0000 0000 0002 is declined and 4000 0000 0000 9995 has insufficient funds. Use any future date, any CVC and any five-digit postal code.',
  },
} as const;
