import { CHART_MONTHS, type AccountBalanceMonthDto, type NetCashMonthDto } from '@ledgerport/shared';

/** A calendar month of the charts, with its key as the repository groups by (`YYYY-MM`). */
export interface ChartMonth {
  year: number;
  month: number;
  key: string;
}

const money = (cents: number) => cents / 100;

/**
 * The charts' months, oldest first: the current month and the ones before it. UTC, as transaction
 * dates and the transactions screen's month filter are.
 */
export function chartMonths(now: Date, count: number = CHART_MONTHS): ChartMonth[] {
  const months: ChartMonth[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const year = first.getUTCFullYear();
    const month = first.getUTCMonth() + 1;
    months.push({ year, month, key: `${year}-${String(month).padStart(2, '0')}` });
  }
  return months;
}

/** The first day of the charts' first month, YYYY-MM-DD: where the repository starts summing. */
export const chartStart = (months: ChartMonth[]) => `${months[0]!.key}-01`;

/**
 * Ending balances derived backwards from the current balance, as the balance route does: a month
 * ends at the current balance minus every amount dated after it (later months, and any dated ahead
 * of today). `netOf` holds each month's net amount in cents by key, from the first month on.
 */
function endingBalances(currentCents: number, months: ChartMonth[], netOf: Map<string, number>): number[] {
  const last = months[months.length - 1]!.key;
  let afterCents = 0;
  for (const [key, cents] of netOf) if (key > last) afterCents += cents;
  const endings: number[] = new Array<number>(months.length);
  for (let i = months.length - 1; i >= 0; i--) {
    endings[i] = currentCents - afterCents;
    afterCents += netOf.get(months[i]!.key) ?? 0;
  }
  return endings;
}

export function accountBalanceMonths(
  currentCents: number,
  months: ChartMonth[],
  totals: Array<{ month: string; inCents: string | number | null; outCents: string | number | null }>,
): AccountBalanceMonthDto[] {
  const byKey = new Map(
    totals.map((row) => [row.month, { in: Number(row.inCents ?? 0), out: Number(row.outCents ?? 0) }]),
  );
  const endings = endingBalances(
    currentCents,
    months,
    new Map([...byKey].map(([key, sums]) => [key, sums.in - sums.out])),
  );
  return months.map((m, i) => ({
    year: m.year,
    month: m.month,
    endingBalance: money(endings[i]!),
    moneyIn: money(byKey.get(m.key)?.in ?? 0),
    moneyOut: money(byKey.get(m.key)?.out ?? 0),
  }));
}

/** Per currency of the client's accounts (their current balances summed), the net cash at each month's end. */
export function netCashMonths(
  currentCentsByCurrency: Map<string, number>,
  months: ChartMonth[],
  nets: Array<{ isoCurrencyCode: string; month: string; netCents: string | number }>,
): Array<{ isoCurrencyCode: string; months: NetCashMonthDto[] }> {
  return [...currentCentsByCurrency].map(([isoCurrencyCode, currentCents]) => {
    const netOf = new Map(
      nets.filter((row) => row.isoCurrencyCode === isoCurrencyCode).map((row) => [row.month, Number(row.netCents)]),
    );
    const endings = endingBalances(currentCents, months, netOf);
    return {
      isoCurrencyCode,
      months: months.map((m, i) => ({ year: m.year, month: m.month, netCash: money(endings[i]!) })),
    };
  });
}
