import { TRANSACTIONS_START_YEAR } from '@ledgerport/shared';
import { hasPreviousFrom, parsePeriodFrom, yearsFrom, type Period } from '@/lib/month-period';

export {
  currentPeriod,
  hasNext,
  MONTH_KEYS,
  monthKey,
  nextPeriod,
  previousPeriod,
  type MonthKey,
  type Period,
} from '@/lib/month-period';

/** Spec 03 section 4: transactions run from January 2022 to December of the current year. */
export const transactionYears = (now?: Date) => yearsFrom(TRANSACTIONS_START_YEAR, now);
export const hasPrevious = (period: Period) => hasPreviousFrom(period, TRANSACTIONS_START_YEAR);
export const parsePeriod = (year: string | undefined, month: string | undefined, now?: Date) =>
  parsePeriodFrom(year, month, TRANSACTIONS_START_YEAR, now);
