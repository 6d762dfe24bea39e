import { describe, expect, it } from 'vitest';
import { endingBalanceDate } from '../reconciliation.service.js';

describe('the ending balance date', () => {
  it('is today while the month runs, in UTC', () => {
    expect(endingBalanceDate(2026, 11, new Date('2026-11-26T10:00:00Z'))).toBe('2026-11-26');
    expect(endingBalanceDate(2026, 11, new Date('2026-11-01T00:00:00Z'))).toBe('2026-11-01');
    // 23:30 in New York on the 30th is already December 1st in UTC: November has ended.
    expect(endingBalanceDate(2026, 11, new Date('2026-12-01T04:30:00Z'))).toBe('2026-11-30');
  });

  it('is the last day of a month that has ended, February of a leap year included', () => {
    expect(endingBalanceDate(2026, 10, new Date('2026-11-26T10:00:00Z'))).toBe('2026-10-31');
    expect(endingBalanceDate(2024, 2, new Date('2026-11-26T10:00:00Z'))).toBe('2024-02-29');
    expect(endingBalanceDate(2026, 11, new Date('2026-11-30T23:59:00Z'))).toBe('2026-11-30');
  });
});
