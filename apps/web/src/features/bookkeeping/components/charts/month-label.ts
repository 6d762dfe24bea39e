import dayjs from 'dayjs';

/** "Mar 2025" on an axis, "March 2025" in a table or a sentence. */
export function monthLabel(year: number, month: number, length: 'short' | 'long' = 'long'): string {
  return dayjs(new Date(year, month - 1, 1)).format(length === 'short' ? 'MMM YYYY' : 'MMMM YYYY');
}

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });

/** A share of rows as a percentage ("33%"); none of none is 0%. */
export function formatShare(part: number, whole: number): string {
  return percent.format(whole === 0 ? 0 : part / whole);
}
