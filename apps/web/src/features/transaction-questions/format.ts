import dayjs from 'dayjs';

const formatters = new Map<string, Intl.NumberFormat>();

/** A signed amount in its own currency (en-US); an unofficial code shows plainly. */
export function formatAmount(value: number, isoCurrencyCode: string): string {
  let formatter = formatters.get(isoCurrencyCode);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: isoCurrencyCode || 'USD' });
    } catch {
      return `${value.toFixed(2)} ${isoCurrencyCode}`;
    }
    formatters.set(isoCurrencyCode, formatter);
  }
  return formatter.format(value);
}

/** A bank posting date (YYYY-MM-DD, no time zone) as MM/DD/YYYY, without moving it across a day. */
export function formatTransactionDate(isoDate: string): string {
  return dayjs(isoDate, 'YYYY-MM-DD').format('MM/DD/YYYY');
}
