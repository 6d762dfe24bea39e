import { describe, expect, it } from 'vitest';
import { hourIn, todayIn } from './requests.schema.js';
import { isReminderDay, REMINDER_CADENCE_DEFAULTS, reminderCadenceSchema } from './reminders.schema.js';

describe('isReminderDay', () => {
  const due = '2026-03-10';
  const daysOf = (cadence = REMINDER_CADENCE_DEFAULTS, from = '2026-02-20', to = '2026-04-10') => {
    const days: string[] = [];
    for (
      let day = new Date(`${from}T00:00:00Z`);
      day <= new Date(`${to}T00:00:00Z`);
      day.setUTCDate(day.getUTCDate() + 1)
    ) {
      const date = day.toISOString().slice(0, 10);
      if (isReminderDay(cadence, due, date)) days.push(date);
    }
    return days;
  };

  it('falls N days before, on the due date and every M days overdue (K is counted by the caller)', () => {
    expect(daysOf()).toEqual(['2026-03-07', '2026-03-10', '2026-03-17', '2026-03-24', '2026-03-31', '2026-04-07']);
  });

  it('has no day before with 0 days before, none on the due date when off', () => {
    expect(daysOf({ daysBefore: 0, onDueDate: false, everyDaysOverdue: 30, maxCount: 5 })).toEqual(['2026-04-09']);
  });

  it('counts calendar days across a month end and a daylight-saving change alike', () => {
    expect(isReminderDay({ ...REMINDER_CADENCE_DEFAULTS, daysBefore: 10 }, '2026-03-08', '2026-02-26')).toBe(true);
    expect(isReminderDay({ ...REMINDER_CADENCE_DEFAULTS, everyDaysOverdue: 1 }, '2026-10-31', '2026-11-01')).toBe(true);
  });

  it('keeps a cadence within the firm’s check constraint', () => {
    expect(reminderCadenceSchema.safeParse({ ...REMINDER_CADENCE_DEFAULTS, daysBefore: 61 }).success).toBe(false);
    expect(reminderCadenceSchema.safeParse({ ...REMINDER_CADENCE_DEFAULTS, everyDaysOverdue: 0 }).success).toBe(false);
    expect(reminderCadenceSchema.safeParse({ ...REMINDER_CADENCE_DEFAULTS, maxCount: 50 }).success).toBe(true);
  });
});

describe('hourIn', () => {
  it('reads the firm’s clock on both sides of a daylight-saving change', () => {
    expect(hourIn('America/New_York', new Date('2026-03-08T06:59:00Z'))).toBe(1);
    expect(hourIn('America/New_York', new Date('2026-03-08T07:00:00Z'))).toBe(3);
    expect(hourIn('America/New_York', new Date('2026-11-01T13:05:00Z'))).toBe(8);
    expect(todayIn('America/New_York', new Date('2026-11-01T03:30:00Z'))).toBe('2026-10-31');
  });
});
