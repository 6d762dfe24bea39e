import dayjs from 'dayjs';

/** "Mar 2025" on an axis, "March 2025" in a table or a sentence. */
export function monthLabel(year: number, month: number, length: 'short' | 'long' = 'long'): string {
  return dayjs(new Date(year, month - 1, 1)).format(length === 'short' ? 'MMM YYYY' : 'MMMM YYYY');
}
