import { describe, expect, it } from 'vitest';
import {
  formatLastSync,
  formatMoney,
  formatSignedAmount,
  isDeposit,
  maskedAccountNumber,
  truncateName,
} from './format';

describe('transaction name', () => {
  it('keeps names of up to 20 characters and cuts longer ones at 20', () => {
    expect(truncateName('Uber 063015 SF**POOL')).toBe('Uber 063015 SF**POOL');
    expect(truncateName('United Airlines Ticket 0123')).toBe('United Airlines Tick…');
    expect(truncateName('')).toBe('');
  });
});

describe('transaction amount', () => {
  it('puts a plus before zero and deposits, a minus before withdrawals', () => {
    expect(formatSignedAmount(1250.5, 'USD')).toBe('+$1,250.50');
    expect(formatSignedAmount(0, 'USD')).toBe('+$0.00');
    expect(formatSignedAmount(-89.4, 'USD')).toBe('-$89.40');
  });

  it('calls zero and above a deposit, below zero a withdrawal', () => {
    expect(isDeposit(0)).toBe(true);
    expect(isDeposit(12)).toBe(true);
    expect(isDeposit(-0.01)).toBe(false);
  });

  it('shows each currency in en-US format', () => {
    expect(formatMoney(-1234.5, 'USD')).toBe('-$1,234.50');
    expect(formatMoney(10, 'EUR')).toBe('€10.00');
    expect(formatMoney(10, null)).toBe('$10.00');
  });
});

describe('last sync', () => {
  const now = new Date('2025-03-10T12:00:00Z');

  it('is relative under 24 hours and a date after', () => {
    expect(formatLastSync('2025-03-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatLastSync('2025-03-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatLastSync('2025-03-08T12:00:00Z', now)).toMatch(/^03\.0[78]\.2025$/);
  });
});

describe('account number', () => {
  it('shows only the last digits', () => {
    expect(maskedAccountNumber('1234')).toBe('••1234');
    expect(maskedAccountNumber(null)).toBe('');
  });
});
