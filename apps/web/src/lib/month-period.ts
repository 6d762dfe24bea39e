/**
 * Month-by-month navigation shared by the bookkeeping tracker and the transactions screen: a first
 * year (each screen's own), the user's calendar for "this month", previous/next crossing years.
 */
export interface Period {
  year: number;
  /** 1 (January) to 12. */
  month: number;
}

/** The user's own calendar decides "this month" and "this year". */
export function currentPeriod(now: Date = new Date()): Period {
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}

/** Years from `firstYear` to the current one. */
export function yearsFrom(firstYear: number, now: Date = new Date()): number[] {
  const years: number[] = [];
  for (let year = firstYear; year <= now.getFullYear(); year++) years.push(year);
  return years;
}

/** Previous stops at January of the first year... */
export function hasPreviousFrom(period: Period, firstYear: number): boolean {
  return period.year > firstYear || period.month > 1;
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
export function parsePeriodFrom(
  year: string | undefined,
  month: string | undefined,
  firstYear: number,
  now: Date = new Date(),
): Period {
  const current = currentPeriod(now);
  const y = Number(year);
  const m = Number(month);
  return {
    year: Number.isInteger(y) && y >= firstYear && y <= current.year ? y : current.year,
    month: Number.isInteger(m) && m >= 1 && m <= 12 ? m : current.month,
  };
}

/** The months as catalogue keys (`<area>.months.1` is January). */
export const MONTH_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
export type MonthKey = (typeof MONTH_KEYS)[number];
export const monthKey = (month: number): MonthKey => MONTH_KEYS[month - 1] ?? '1';
