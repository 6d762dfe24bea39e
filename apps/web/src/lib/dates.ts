import dayjs from 'dayjs';

/** The date formats the firm's users know (spec 02, constants). */
export const DATE_FORMAT = {
  details: 'MM.DD.YYYY',
  table: 'MMM D, YYYY',
  contract: 'MM/DD/YYYY',
  leadCreated: 'MMM D, YYYY HH:mm',
  invitation: 'hh:mm, dddd, MMMM D, YYYY',
  comment: 'MM.DD.YYYY, hh:mm A',
  /** Query parameters such as creationTimeFrom. */
  query: 'M-D-YYYY',
} as const;

export function formatDate(value: string | number | Date | null | undefined, format: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(format) : '';
}
