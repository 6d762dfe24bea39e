import { describe, expect, it } from 'vitest';
import { cardBrand, luhnValid, testCardOutcome, validateCard } from './test-cards';

const valid = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postalCode: '12345' };
const march2026 = new Date(2026, 2, 15);

describe('luhnValid', () => {
  it.each(['4242424242424242', '4000000000000002', '4000000000009995', '378282246310005', '5555555555554444'])(
    'accepts %s',
    (digits) => expect(luhnValid(digits)).toBe(true),
  );

  it.each(['4242424242424241', '4000000000000001', '1234567812345678', '', '4242x42424242424'])(
    'refuses %s',
    (digits) => expect(luhnValid(digits)).toBe(false),
  );
});

describe('testCardOutcome', () => {
  it('pays with Stripe’s success numbers', () => {
    expect(testCardOutcome('4242424242424242')).toBe('succeeded');
    expect(testCardOutcome('5555555555554444')).toBe('succeeded');
    expect(testCardOutcome('378282246310005')).toBe('succeeded');
  });

  it('declines with Stripe’s decline numbers', () => {
    expect(testCardOutcome('4000000000000002')).toBe('card_declined');
    expect(testCardOutcome('4000000000009995')).toBe('insufficient_funds');
  });

  it('declines any other well-formed number, as Stripe’s test mode declines a real card', () => {
    expect(testCardOutcome('4111111111111111')).toBe('card_declined');
  });
});

describe('cardBrand', () => {
  it('names the brand from the leading digits', () => {
    expect(cardBrand('4242')).toBe('visa');
    expect(cardBrand('5555')).toBe('mastercard');
    expect(cardBrand('2223')).toBe('mastercard');
    expect(cardBrand('3782')).toBe('amex');
    expect(cardBrand('6011')).toBe('discover');
    expect(cardBrand('9999')).toBe('unknown');
  });
});

describe('validateCard', () => {
  it('passes a complete test card', () => {
    expect(validateCard(valid, march2026)).toEqual({});
  });

  it('words an incomplete and a mistyped number apart', () => {
    expect(validateCard({ ...valid, number: '4242 4242' }, march2026).number).toBe('numberIncomplete');
    expect(validateCard({ ...valid, number: '4242 4242 4242 4241' }, march2026).number).toBe('numberInvalid');
  });

  it('takes 15 digits and a 4-digit CVC for Amex', () => {
    expect(validateCard({ ...valid, number: '3782 822463 10005', cvc: '1234' }, march2026)).toEqual({});
    expect(validateCard({ ...valid, number: '3782 822463 10005', cvc: '123' }, march2026).cvc).toBe('cvcIncomplete');
  });

  it('accepts the current month and refuses past months and month 13', () => {
    expect(validateCard({ ...valid, expiry: '03/26' }, march2026).expiry).toBeUndefined();
    expect(validateCard({ ...valid, expiry: '02/26' }, march2026).expiry).toBe('expiryInPast');
    expect(validateCard({ ...valid, expiry: '13/30' }, march2026).expiry).toBe('expiryInvalidMonth');
    expect(validateCard({ ...valid, expiry: '1' }, march2026).expiry).toBe('expiryIncomplete');
  });

  it('asks for the CVC and a five-digit postal code', () => {
    const errors = validateCard({ ...valid, cvc: '', postalCode: '123' }, march2026);
    expect(errors).toEqual({ cvc: 'cvcIncomplete', postalCode: 'postalCodeIncomplete' });
  });
});
