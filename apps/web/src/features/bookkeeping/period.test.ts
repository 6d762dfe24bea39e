import { describe, expect, it } from 'vitest';
import { hasNext, hasPrevious, nextPeriod, parsePeriod, previousPeriod, trackerYears } from './period';

const now = new Date(2026, 10, 22);

describe('bookkeeping period navigation', () => {
  it('stops at January 2020 and at December of the current year', () => {
    expect(hasPrevious({ year: 2020, month: 1 })).toBe(false);
    expect(hasPrevious({ year: 2020, month: 2 })).toBe(true);
    expect(hasNext({ year: 2026, month: 12 }, now)).toBe(false);
    expect(hasNext({ year: 2026, month: 11 }, now)).toBe(true);
    expect(hasNext({ year: 2025, month: 12 }, now)).toBe(true);
  });

  it('crosses the year boundary both ways', () => {
    expect(previousPeriod({ year: 2024, month: 1 })).toEqual({ year: 2023, month: 12 });
    expect(nextPeriod({ year: 2023, month: 12 })).toEqual({ year: 2024, month: 1 });
  });

  it('offers the years 2020 to the current year and falls back to the current month', () => {
    expect(trackerYears(now)).toEqual([2020, 2021, 2022, 2023, 2024, 2025, 2026]);
    expect(parsePeriod('2019', '13', now)).toEqual({ year: 2026, month: 11 });
    expect(parsePeriod('2021', '3', now)).toEqual({ year: 2021, month: 3 });
    expect(parsePeriod(undefined, undefined, now)).toEqual({ year: 2026, month: 11 });
  });
});
