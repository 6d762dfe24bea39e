import type { CardBrand, TestCardOutcome } from '@ledgerport/shared';

/**
 * The test processor's card rules, applied in the browser so no card number is ever sent
 * (docs/payments.md). They follow Stripe's test mode: Stripe's success numbers pay, its decline
 * numbers decline with Stripe's messages, and any other well-formed number is declined as Stripe
 * declines a real card in test mode.
 */

/** Stripe's test numbers that pay (docs.stripe.com/testing): Visa, Visa debit, Mastercard, Amex, Discover, ... */
const SUCCEEDING = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '378282246310005',
  '371449635398431',
  '6011111111111117',
  '3056930009020004',
  '3566002020360505',
  '6200000000000005',
]);

const DECLINING: Record<string, Exclude<TestCardOutcome, 'succeeded'>> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
};

export const digitsOf = (value: string) => value.replace(/\D/g, '');

/** The Luhn checksum every card number carries in its last digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  if (/^35/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** How many digits a number of this brand has (Amex 15, Diners 14, the rest 16). */
export function cardNumberLength(brand: CardBrand): number {
  if (brand === 'amex') return 15;
  if (brand === 'diners') return 14;
  return 16;
}

/** Amex groups 4-6-5; the others in fours. */
export function cardNumberMask(brand: CardBrand): string {
  if (brand === 'amex') return '#### ###### #####';
  if (brand === 'diners') return '#### ###### ####';
  return '#### #### #### ####';
}

export function cvcLength(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

export function testCardOutcome(digits: string): TestCardOutcome {
  if (SUCCEEDING.has(digits)) return 'succeeded';
  return DECLINING[digits] ?? 'card_declined';
}

export type CardField = 'number' | 'expiry' | 'cvc' | 'postalCode';
/** Keys under `payments.card.errors` of the catalogue, worded as Stripe's card form words them. */
export type CardErrorKey =
  | 'numberIncomplete'
  | 'numberInvalid'
  | 'expiryIncomplete'
  | 'expiryInvalidMonth'
  | 'expiryInPast'
  | 'cvcIncomplete'
  | 'postalCodeIncomplete';

export interface CardInput {
  number: string;
  /** As typed: MM/YY. */
  expiry: string;
  cvc: string;
  postalCode: string;
}

/** The card form's checks, Stripe's order and wording; `now` decides which expiry dates are past. */
export function validateCard(card: CardInput, now = new Date()): Partial<Record<CardField, CardErrorKey>> {
  const errors: Partial<Record<CardField, CardErrorKey>> = {};
  const number = digitsOf(card.number);
  const brand = cardBrand(number);
  if (number.length < cardNumberLength(brand)) errors.number = 'numberIncomplete';
  else if (!luhnValid(number)) errors.number = 'numberInvalid';

  const expiry = digitsOf(card.expiry);
  if (expiry.length < 4) errors.expiry = 'expiryIncomplete';
  else {
    const month = Number(expiry.slice(0, 2));
    const year = 2000 + Number(expiry.slice(2, 4));
    if (month < 1 || month > 12) errors.expiry = 'expiryInvalidMonth';
    // A card is good through the last day of its month.
    else if (year * 12 + month < now.getFullYear() * 12 + now.getMonth() + 1) errors.expiry = 'expiryInPast';
  }

  if (digitsOf(card.cvc).length < cvcLength(brand)) errors.cvc = 'cvcIncomplete';
  if (digitsOf(card.postalCode).length < 5) errors.postalCode = 'postalCodeIncomplete';
  return errors;
}
