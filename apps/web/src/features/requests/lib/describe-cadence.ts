import type { ReminderCadence } from '@ledgerport/shared';
import type { TFunction } from 'i18next';

/** A cadence in words: "3 days before the due date, on the due date, then every 7 days while overdue; at most 5". */
export function describeCadence(t: TFunction, cadence: ReminderCadence): string {
  if (cadence.maxCount === 0) return t('requests.reminders.summary.none');
  const parts: string[] = [];
  if (cadence.daysBefore > 0) parts.push(t('requests.reminders.summary.before', { count: cadence.daysBefore }));
  if (cadence.onDueDate) parts.push(t('requests.reminders.summary.onDueDate'));
  parts.push(t('requests.reminders.summary.overdue', { count: cadence.everyDaysOverdue }));
  return t('requests.reminders.summary.sentence', {
    parts: parts.join(', '),
    max: t('requests.reminders.summary.max', { count: cadence.maxCount }),
  });
}
