import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { DATE_FORMAT, formatDate } from '@/lib/dates';

dayjs.extend(relativeTime);

/** "5 minutes ago": what an inbox reads at a glance; the exact time goes beside it on hover. */
export function relativeTimeOf(value: string, now: Date = new Date()): string {
  return dayjs(value).from(now);
}

export function exactTimeOf(value: string): string {
  return formatDate(value, DATE_FORMAT.comment);
}
