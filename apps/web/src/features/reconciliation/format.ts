import { TRANSACTION_NAME_DISPLAY_LENGTH } from '@ledgerport/shared';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** Spec 03 section 9 date formats. */
export const RECONCILIATION_DATE_FORMAT = {
  transaction: 'MM.DD.YY',
  lastSync: 'MM.DD.YYYY',
  balance: 'MM.DD.YYYY',
} as const;

const LAST_SYNC_RELATIVE_HOURS = 24;

/** Spec 03 section 9: names are cut at 20 characters, with an ellipsis so the cut shows; the full name goes on hover. */
export function truncateName(name: string, length: number = TRANSACTION_NAME_DISPLAY_LENGTH): string {
  return name.length > length ? `${name.slice(0, length)}…` : name;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** US dollar format (en-US) in the amount's own currency; an unknown code falls back to the number and code. */
export function formatMoney(value: number, isoCurrencyCode: string | null | undefined): string {
  const currency = isoCurrencyCode || 'USD';
  let formatter = formatters.get(currency);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      // Plaid can report unofficial codes (unofficial_currency_code); show them plainly.
      return `${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
    }
    formatters.set(currency, formatter);
  }
  return formatter.format(value);
}

const compactFormatters = new Map<string, Intl.NumberFormat>();

/** A chart axis's short amount ("$12K"); an unknown code falls back to the compact number. */
export function formatMoneyCompact(value: number, isoCurrencyCode: string | null | undefined): string {
  const currency = isoCurrencyCode || 'USD';
  let formatter = compactFormatters.get(currency);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency, notation: 'compact' });
    } catch {
      return value.toLocaleString('en-US', { notation: 'compact' });
    }
    compactFormatters.set(currency, formatter);
  }
  return formatter.format(value);
}

/** Spec 03 Transactions screen: a plus sign for zero and above, a minus for withdrawals. */
export function formatSignedAmount(amount: number, isoCurrencyCode: string | null | undefined): string {
  return `${isDeposit(amount) ? '+' : '-'}${formatMoney(Math.abs(amount), isoCurrencyCode)}`;
}

/** Deposit when the amount is zero or more, otherwise Withdrawal. */
export function isDeposit(amount: number): boolean {
  // -0 (a refund rounded away) still counts as zero, hence no Object.is.
  return amount >= 0;
}

/** Under 24 hours ago: relative ("5 minutes ago"); otherwise the date MM.DD.YYYY. */
export function formatLastSync(time: string, now: Date = new Date()): string {
  const moment = dayjs(time);
  if (!moment.isValid()) return '';
  const hours = dayjs(now).diff(moment, 'hour', true);
  return hours < LAST_SYNC_RELATIVE_HOURS ? moment.from(now) : moment.format(RECONCILIATION_DATE_FORMAT.lastSync);
}

/** Only the last digits of an account number are ever known: `1234` → `••1234`. */
export function maskedAccountNumber(mask: string | null | undefined): string {
  return mask ? `••${mask}` : '';
}
