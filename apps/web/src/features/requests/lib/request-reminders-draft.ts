import {
  REMINDER_CADENCE_DEFAULTS,
  type ReminderCadence,
  type RequestReminders,
  type RequestRemindersInput,
} from '@ledgerport/shared';

/** A number field holds '' while it is empty; the contract then says the field is required. */
type Field<T> = T extends number ? number | '' : T;

/**
 * A request's reminders as the request form edits them: on or off, the firm's schedule or its own
 * cadence. The cadence's fields keep what was typed while the firm's schedule is chosen, so
 * switching back and forth loses nothing.
 */
export interface RemindersDraft {
  enabled: boolean;
  schedule: 'firm' | 'custom';
  cadence: { [K in keyof ReminderCadence]: Field<ReminderCadence[K]> };
}

/** A new request: on, with the firm's schedule; the custom fields start from the usual cadence. */
export function newRemindersDraft(): RemindersDraft {
  return { enabled: true, schedule: 'firm', cadence: { ...REMINDER_CADENCE_DEFAULTS } };
}

/** A saved request's reminders; the custom fields start from what applies now. */
export function remindersDraftOf(reminders: RequestReminders): RemindersDraft {
  return {
    enabled: reminders.enabled,
    schedule: reminders.cadence === null ? 'firm' : 'custom',
    cadence: { ...(reminders.cadence ?? reminders.effective) },
  };
}

/** What the API gets: the request's own cadence only when "custom" is chosen. */
export function toRemindersInput(draft: RemindersDraft): RequestRemindersInput {
  return {
    enabled: draft.enabled,
    // An empty field goes as it is (''): the contract refuses it and the form words the refusal.
    cadence: draft.schedule === 'custom' ? (draft.cadence as ReminderCadence) : null,
  };
}
