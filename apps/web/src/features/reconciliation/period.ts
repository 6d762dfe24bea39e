import { TRANSACTIONS_START_YEAR } from '@ledgerport/shared';

/** A month of transactions; month is 1 (January) to 12. */
export interface Period {
  year: number;
  month: number;
}

/** The user's own calendar decides "this month" (closing the search returns to it). */
export function currentPeriod(now: Date = new Date()): Period {
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}

/** Years offered by the search: 2022 to the current year. */
export function transactionYears(now: Date = new Date()): number[] {
  const years: number[] = [];
  for (let year = TRANSACTIONS_START_YEAR; year <= now.getFullYear(); year++) years.push(year);
  return years;
}

/** Spec 03 section 4: previous stops at January 2022... */
export function hasPrevious(period: Period): boolean {
  return period.year > TRANSACTIONS_START_YEAR || period.month > 1;
}

/** ...and next at December of the current year. */
export function hasNext(period: Period, now: Date = new Date()): boolean {
  return period.year < now.getFullYear() || (period.year === now.getFullYear() && period.month < 12);
}

export function previousPeriod({ year, month }: Period): Period {
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

export function nextPeriod({ year, month }: Period): Period {
  return month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
}

/** A period from the URL's text, or the current one where a part is missing or out of range. */
export function parsePeriod(year: string | undefined, month: string | undefined, now: Date = new Date()): Period {
  const current = currentPeriod(now);
  const y = Number(year);
  const m = Number(month);
  return {
    year: Number.isInteger(y) && y >= TRANSACTIONS_START_YEAR && y <= current.year ? y : current.year,
    month: Number.isInteger(m) && m >= 1 && m <= 12 ? m : current.month,
  };
}

/** The months as the catalogue's keys (`reconciliation.months.1` is January). */
export const MONTH_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
export type MonthKey = (typeof MONTH_KEYS)[number];
export const monthKey = (month: number): MonthKey => MONTH_KEYS[month - 1] ?? '1';
