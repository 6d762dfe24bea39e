import { BOOKKEEPING_FIRST_YEAR } from '@ledgerport/shared';
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

/** Spec 02 section 9: the tracker runs from January 2020 to December of the current year. */
export const trackerYears = (now?: Date) => yearsFrom(BOOKKEEPING_FIRST_YEAR, now);
export const hasPrevious = (period: Period) => hasPreviousFrom(period, BOOKKEEPING_FIRST_YEAR);
export const parsePeriod = (year: string | undefined, month: string | undefined, now?: Date) =>
  parsePeriodFrom(year, month, BOOKKEEPING_FIRST_YEAR, now);
