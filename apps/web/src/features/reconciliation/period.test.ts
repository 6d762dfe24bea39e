import { describe, expect, it } from 'vitest';
import { hasNext, hasPrevious, nextPeriod, parsePeriod, previousPeriod, transactionYears } from './period';

const now = new Date(2026, 4, 15);

describe('transactions month navigation', () => {
  it('stops at January 2022 and at December of the current year', () => {
    expect(hasPrevious({ year: 2022, month: 1 })).toBe(false);
    expect(hasPrevious({ year: 2022, month: 2 })).toBe(true);
    expect(hasPrevious({ year: 2023, month: 1 })).toBe(true);
    expect(hasNext({ year: 2026, month: 12 }, now)).toBe(false);
    expect(hasNext({ year: 2026, month: 11 }, now)).toBe(true);
    expect(hasNext({ year: 2025, month: 12 }, now)).toBe(true);
  });

  it('crosses the year boundary both ways', () => {
    expect(previousPeriod({ year: 2024, month: 1 })).toEqual({ year: 2023, month: 12 });
    expect(nextPeriod({ year: 2023, month: 12 })).toEqual({ year: 2024, month: 1 });
    expect(nextPeriod({ year: 2024, month: 5 })).toEqual({ year: 2024, month: 6 });
  });

  it('offers 2022 to the current year and falls back to the current month', () => {
    expect(transactionYears(now)).toEqual([2022, 2023, 2024, 2025, 2026]);
    expect(parsePeriod('2021', '13', now)).toEqual({ year: 2026, month: 5 });
    expect(parsePeriod('2023', '2', now)).toEqual({ year: 2023, month: 2 });
    expect(parsePeriod(undefined, undefined, now)).toEqual({ year: 2026, month: 5 });
  });
});
