import type { ReminderCadence, RequestRemindersInput } from '@ledgerport/shared';

/** A request's reminder columns: all four parts of the cadence null means it follows the firm's. */
export interface ReminderColumns {
  remindersEnabled: boolean;
  reminderDaysBefore: number | null;
  reminderOnDueDate: boolean | null;
  reminderEveryDaysOverdue: number | null;
  reminderMaxCount: number | null;
}

/** The columns of the form's choice: the request's own cadence, or nulls for the firm's. */
export function reminderColumnsOf(input: RequestRemindersInput): ReminderColumns {
  return {
    remindersEnabled: input.enabled,
    reminderDaysBefore: input.cadence?.daysBefore ?? null,
    reminderOnDueDate: input.cadence?.onDueDate ?? null,
    reminderEveryDaysOverdue: input.cadence?.everyDaysOverdue ?? null,
    reminderMaxCount: input.cadence?.maxCount ?? null,
  };
}

/** The request's own cadence, or null when it follows the firm's. A part left null takes the firm's. */
export function ownCadenceOf(row: ReminderColumns, firm: ReminderCadence): ReminderCadence | null {
  const { reminderDaysBefore, reminderOnDueDate, reminderEveryDaysOverdue, reminderMaxCount } = row;
  if (
    reminderDaysBefore === null &&
    reminderOnDueDate === null &&
    reminderEveryDaysOverdue === null &&
    reminderMaxCount === null
  ) {
    return null;
  }
  return effectiveCadenceOf(row, firm);
}

/** What applies to the request: each part its own, or the firm's where it has none. */
export function effectiveCadenceOf(
  row: Omit<ReminderColumns, 'remindersEnabled'>,
  firm: ReminderCadence,
): ReminderCadence {
  return {
    daysBefore: row.reminderDaysBefore ?? firm.daysBefore,
    onDueDate: row.reminderOnDueDate ?? firm.onDueDate,
    everyDaysOverdue: row.reminderEveryDaysOverdue ?? firm.everyDaysOverdue,
    maxCount: row.reminderMaxCount ?? firm.maxCount,
  };
}
