import { z } from 'zod';
import { idSchema } from '../common/list.schema.js';

/**
 * Request reminders (issue 22 item 4; docs/requests.md#reminders). A request's cadence: a reminder
 * `daysBefore` days before its due date, one on the due date, then one every `everyDaysOverdue` days
 * while it is overdue, `maxCount` reminder days at most per person. The firm's settings hold the
 * default; a request follows it or has its own. Days are the firm's (its time zone).
 *
 * Routes (under /api/v1; staff with request:edit):
 * - POST /document/requests/:id/remind             today's reminder now to the client users an item
 *                                                  of the request waits on → remindResultSchema
 * - POST /document/requests/remind                 the same for several requests, body remindRequestsInputSchema
 * - GET  /document/requests/:id/reminder-recipients who "Remind now" would reach → reminderRecipientsSchema
 */

/** The ranges of the firm's check constraint (firm_settings_reminders), for the firm's and a request's cadence. */
export const REMINDER_LIMITS = {
  /** 0: no reminder before the due date. */
  daysBefore: { min: 0, max: 60 },
  everyDaysOverdue: { min: 1, max: 60 },
  /** 0: no automatic reminder at all ("Remind now" still works). */
  maxCount: { min: 0, max: 50 },
} as const;

/** The most requests one "Remind selected" takes (a page of the list is 50 at most). */
export const REMIND_BULK_LIMIT = 100;

/** A reminder goes out from this hour of the firm's day on (a reminder at midnight helps nobody). */
export const REMINDER_SEND_FROM_HOUR = 8;

const whole = (limits: { min: number; max: number }) => z.number().int().min(limits.min).max(limits.max);

export const reminderCadenceSchema = z.object({
  daysBefore: whole(REMINDER_LIMITS.daysBefore),
  onDueDate: z.boolean(),
  everyDaysOverdue: whole(REMINDER_LIMITS.everyDaysOverdue),
  maxCount: whole(REMINDER_LIMITS.maxCount),
});
export type ReminderCadence = z.infer<typeof reminderCadenceSchema>;

/** The firm's default until an administrator changes it (also the columns' defaults). */
export const REMINDER_CADENCE_DEFAULTS: ReminderCadence = {
  daysBefore: 3,
  onDueDate: true,
  everyDaysOverdue: 7,
  maxCount: 5,
};

/**
 * A request's reminders as the create and edit forms send them. Left out on an edit, they stay as
 * they were; left out on a create, they are on with the firm's cadence.
 */
export const requestRemindersInputSchema = z.object({
  enabled: z.boolean(),
  /** The request's own cadence; null: the firm's, which then follows the firm's later changes. */
  cadence: reminderCadenceSchema.nullable(),
});
export type RequestRemindersInput = z.infer<typeof requestRemindersInputSchema>;

/** A request's reminders as its details answer them. */
export const requestRemindersSchema = requestRemindersInputSchema.extend({
  /** What applies now: the request's own cadence or the firm's. */
  effective: reminderCadenceSchema,
  /** Reminders that listed this request: one per person and firm day, "Remind now" included. */
  sentCount: z.number().int().nonnegative(),
  lastSentAt: z.string().nullable(),
});
export type RequestReminders = z.infer<typeof requestRemindersSchema>;

export const remindRequestsInputSchema = z.object({
  ids: z.array(idSchema).min(1).max(REMIND_BULK_LIMIT),
});
export type RemindRequestsInput = z.infer<typeof remindRequestsInputSchema>;

/** What "Remind now" did: a person gets one reminder a day, whoever or whatever sent it. */
export const remindResultSchema = z.object({
  /** People reminded now (one e-mail and one notification each, listing all of their requests). */
  reminded: z.number().int().nonnegative(),
  /** People who already had today's reminder: nothing more is sent to them today. */
  alreadyReminded: z.number().int().nonnegative(),
  /** Requests nobody could be reminded of: not open, nothing waiting on the client, or no active user. */
  requestsSkipped: z.number().int().nonnegative(),
});
export type RemindResult = z.infer<typeof remindResultSchema>;

/** The client users an item of the request waits on, for "Remind now"'s confirmation. */
export const reminderRecipientsSchema = z.object({
  recipients: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** They had today's reminder already: "Remind now" skips them. */
      remindedToday: z.boolean(),
    }),
  ),
});
export type ReminderRecipients = z.infer<typeof reminderRecipientsSchema>;

/** Calendar days from `from` to `to` (YYYY-MM-DD each): negative when `to` is earlier. */
function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Whether the firm day `day` is one of the cadence's reminder days for a request due `dueDate`:
 * exactly `daysBefore` days before (when more than 0), the due date itself (when on), or a whole
 * multiple of `everyDaysOverdue` days after it. `maxCount` is counted by the caller.
 */
export function isReminderDay(cadence: ReminderCadence, dueDate: string, day: string): boolean {
  const late = daysFrom(dueDate, day);
  if (late < 0) return cadence.daysBefore > 0 && -late === cadence.daysBefore;
  if (late === 0) return cadence.onDueDate;
  return late % cadence.everyDaysOverdue === 0;
}
