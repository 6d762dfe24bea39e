import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import {
  addDays,
  NOTIFICATION_KIND,
  REQUEST_ITEM_STATUS,
  REQUEST_STATUS,
  todayIn,
  type ReminderCadence,
} from '@ledgerport/shared';
import {
  auditEvents,
  clientServices,
  jobs,
  notificationMails,
  notificationPreferences,
  notifications,
  requestItems,
  requestReminders,
  requests,
  users,
} from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createJobQueue } from '../../../lib/jobs/job-queue.js';
import { createClient } from '../../../testing/factories.js';
import { bearer, type SignedIn } from '../../../testing/session.js';
import { startSmtpServer, type TestSmtpServer } from '../../../testing/smtp.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { createAuditLog } from '../../audit/audit.repository.js';
import { createNotificationPublisher, createNotificationRecipients } from '../../notifications/index.js';
import { NOTIFICATION_JOB } from '../../notifications/notification-events.js';
import {
  setUpNotificationWorld,
  type NotificationWorld,
} from '../../notifications/__tests__/notifications-fixtures.js';
import { createSettingsRepository } from '../../settings/index.js';
import { createRequestRemindersRepository } from '../request-reminders.repository.js';
import { createRequestRemindersService } from '../request-reminders.service.js';
import { insertRequest, type FixtureItem } from './requests-fixtures.js';

/*
 * Request reminders (issue 22 item 4; docs/requests.md#reminders). The job runs with an injected
 * clock (no sleeps): each "day" below is a run at that instant; mail goes to a real SMTP server and
 * the worker delivers it. The firm's zone is the default, America/New_York, whose clocks change on
 * 2026-03-08 and 2026-11-01. A reminder goes out from 8 a.m. on the firm's clock.
 */

const ZONE = 'America/New_York';
const BASE = '/api/v1/document/requests';

let t: TestApp;
let smtp: TestSmtpServer;
let world: NotificationWorld;

const silent = { error: () => undefined };

function service(overrides: Partial<Parameters<typeof createRequestRemindersService>[0]> = {}) {
  const db = t.database.db;
  const settings = createSettingsRepository({ db, absoluteDefaultHours: 12 });
  return createRequestRemindersService({
    db,
    repository: createRequestRemindersRepository({ db }),
    recipients: createNotificationRecipients({ db }),
    mail: t.app.mail,
    notifications: createNotificationPublisher(createJobQueue({ db })),
    audit: createAuditLog({ db }),
    timeZone: async () => ZONE,
    firmCadence: (tx) => settings.reminderCadence(tx),
    logger: silent,
    ...overrides,
  });
}

/** The morning of a firm day: 14:00 UTC is 10 a.m. in New York in summer, 9 a.m. in winter. */
function morningOf(day: string): Date {
  return new Date(`${day}T14:00:00Z`);
}

async function request(
  options: { dueDate: string; items?: FixtureItem[]; clientId?: number; serviceId?: number; title?: string },
  columns: Partial<typeof requests.$inferInsert> = {},
): Promise<{ id: number; itemIds: number[] }> {
  const made = await insertRequest(t.database.db, {
    clientId: options.clientId ?? world.clientId,
    serviceId: options.serviceId ?? world.tax,
    title: options.title ?? 'Year-end documents',
    dueDate: options.dueDate,
    items: options.items ?? [{ title: 'W-2 forms' }],
  });
  if (Object.keys(columns).length > 0) {
    await t.database.db.update(requests).set(columns).where(eq(requests.id, made.id));
  }
  return made;
}

function cadenceColumns(cadence: ReminderCadence) {
  return {
    reminderDaysBefore: cadence.daysBefore,
    reminderOnDueDate: cadence.onDueDate,
    reminderEveryDaysOverdue: cadence.everyDaysOverdue,
    reminderMaxCount: cadence.maxCount,
  };
}

/** Delivers the queued mail and notifications, as the worker in `npm start` would. */
async function deliver(): Promise<void> {
  await t.app.worker.drain();
}

function recipientOf(mail: ParsedMail): string {
  return mail.to && 'text' in mail.to ? mail.to.text : '';
}

async function emailOf(userId: number): Promise<string> {
  const [row] = await t.database.db
    .select({ emailAddress: users.emailAddress })
    .from(users)
    .where(eq(users.id, userId));
  return row!.emailAddress;
}

async function mailTo(userId: number): Promise<ParsedMail[]> {
  const address = await emailOf(userId);
  return smtp.received.filter((mail) => recipientOf(mail) === address);
}

/** Runs the job each day from `from` to `to` and answers the days the person got a reminder e-mail. */
async function reminderDays(from: string, to: string, userId: number, between?: (day: string) => Promise<void>) {
  const reminders = service();
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    await between?.(day);
    const before = (await mailTo(userId)).length;
    await reminders.runDue(morningOf(day));
    await deliver();
    if ((await mailTo(userId)).length > before) days.push(day);
  }
  return days;
}

function call(session: SignedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, LOGIN_MAX_FAILURES_PER_IP: '1000' });
  await seedDemoFirm(t.database.db);
  world = await setUpNotificationWorld(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  const db = t.database.db;
  await deliver();
  // Every test starts with no open request anywhere (the demo firm's too) and nobody reminded.
  await db.update(requests).set({ status: REQUEST_STATUS.cancelled }).where(eq(requests.status, REQUEST_STATUS.open));
  await db.delete(requestReminders);
  await db.delete(notificationMails);
  await db.delete(notifications);
  // A reminder's notification is one per person and day however often it is published (its job's
  // dedupe key): tests that remind someone on a day another test used start without those jobs.
  await db.delete(jobs).where(eq(jobs.type, NOTIFICATION_JOB));
  await db.delete(notificationPreferences);
  smtp.received.length = 0;
});

describe('the reminder job', () => {
  it('reminds before, on and after the due date by the firm’s cadence, and stops at completion', async () => {
    // The firm's default: 3 days before, on the due date, every 7 days overdue, at most 5 times.
    const { id, itemIds } = await request({ dueDate: '2026-05-20', items: [{ title: 'W-2 forms' }] });
    const days = await reminderDays('2026-05-10', '2026-06-20', world.owner.userId, async (day) => {
      if (day !== '2026-06-05') return;
      // The firm accepts the client's answer: the request completes and nothing more goes out.
      await t.database.db
        .update(requestItems)
        .set({ status: REQUEST_ITEM_STATUS.accepted })
        .where(inArray(requestItems.id, itemIds));
      await t.database.db.update(requests).set({ status: REQUEST_STATUS.completed }).where(eq(requests.id, id));
    });
    expect(days).toEqual(['2026-05-17', '2026-05-20', '2026-05-27', '2026-06-03']);

    // The e-mail: the greeting, the item, its request and client, the due date, overdue flagged.
    const mails = await mailTo(world.owner.userId);
    expect(mails[0]!.subject).toBe('Reminder: 1 item is waiting for you in Ledgerport');
    expect(mails[0]!.text).toContain('W-2 forms');
    expect(mails[0]!.text).toContain('Year-end documents · Acme LLC');
    expect(mails[0]!.text).not.toContain('Overdue');
    expect(mails[2]!.text).toContain('Overdue');
    expect(mails[0]!.headerLines.find((line) => line.key === 'list-unsubscribe')?.line).toContain(
      '/profile#notifications',
    );
  });

  it('reaches the owner and the collaborators granted the service, never the others', async () => {
    await request({ dueDate: '2026-05-20' });
    const reminded = await service().runDue(morningOf('2026-05-20'));
    await deliver();
    expect(reminded).toBe(2);
    expect(await mailTo(world.owner.userId)).toHaveLength(1);
    expect(await mailTo(world.taxCollaborator.userId)).toHaveLength(1);
    for (const outsider of [
      world.bookkeepingCollaborator,
      world.deactivatedCollaborator,
      world.ownerB,
      world.advisor,
    ]) {
      expect(await mailTo(outsider.userId)).toHaveLength(0);
    }
  });

  it('stops for what the client submitted and lists only what still waits on them', async () => {
    const { id, itemIds } = await request({
      dueDate: '2026-05-20',
      items: [{ title: 'W-2 forms' }, { title: 'Did you move?' }],
    });
    const answered = await call(world.owner.session, 'PUT', `${BASE}/${id}/items/${itemIds[1]}/answer`, {
      answer: 'No',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    await service().runDue(morningOf('2026-05-20'));
    await deliver();
    const [mail] = await mailTo(world.owner.userId);
    expect(mail!.subject).toBe('Reminder: 1 item is waiting for you in Ledgerport');
    expect(mail!.text).toContain('W-2 forms');
    expect(mail!.text).not.toContain('Did you move?');

    // Everything submitted: the request is still open (the firm reviews), but nothing is sent.
    await t.database.db
      .update(requestItems)
      .set({ status: REQUEST_ITEM_STATUS.submitted })
      .where(eq(requestItems.id, itemIds[0]!));
    expect(await reminderDays('2026-05-21', '2026-06-10', world.owner.userId)).toEqual([]);
  });

  it('sends at most K reminders of a request, and none when its reminders are off or it is cancelled', async () => {
    await request(
      { dueDate: '2026-05-20', title: 'Daily nag' },
      cadenceColumns({ daysBefore: 0, onDueDate: false, everyDaysOverdue: 1, maxCount: 2 }),
    );
    await request({ dueDate: '2026-05-20', title: 'Quiet one' }, { remindersEnabled: false });
    await request({ dueDate: '2026-05-20', title: 'Cancelled one' }, { status: REQUEST_STATUS.cancelled });
    expect(await reminderDays('2026-05-15', '2026-05-30', world.owner.userId)).toEqual(['2026-05-21', '2026-05-22']);
    for (const mail of await mailTo(world.owner.userId)) {
      expect(mail.text).toContain('Daily nag');
      expect(mail.text).not.toContain('Quiet one');
      expect(mail.text).not.toContain('Cancelled one');
    }
  });

  it('sends a person one e-mail a day listing every request due a reminder, across clients', async () => {
    // The owner of Acme LLC owns a second client too.
    const second = await createClient(t.database.db, { ownerUserId: world.owner.userId, name: 'Acme Holdings' });
    await t.database.db.insert(clientServices).values({ clientId: second.id, serviceId: world.tax });
    await request({ dueDate: '2026-05-20', title: 'Payroll', items: [{ title: 'Payroll report' }] });
    await request({ dueDate: '2026-05-13', title: 'Bank statements', items: [{ title: 'April statement' }] });
    await request({ dueDate: '2026-05-20', title: 'Holdings taxes', clientId: second.id, items: [{ title: 'K-1' }] });
    // Due on a day that is no reminder day today: not in today's e-mail.
    await request({ dueDate: '2026-05-21', title: 'Not today' });

    await service().runDue(morningOf('2026-05-20'));
    await deliver();
    const mails = await mailTo(world.owner.userId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Reminder: 3 items are waiting for you in Ledgerport');
    const text = mails[0]!.text ?? '';
    // Earliest due first: the overdue bank statement (7 days late), then the two due today.
    expect(text.indexOf('April statement')).toBeLessThan(text.indexOf('Payroll report'));
    expect(text).toContain('Holdings taxes · Acme Holdings');
    expect(text).not.toContain('Not today');

    // The bell: one reminder, for no single client, linking to the To do, never e-mailed again.
    const bell = await t.database.db
      .select({
        kind: notifications.kind,
        title: notifications.title,
        link: notifications.link,
        clientId: notifications.clientId,
        emailDelivery: notifications.emailDelivery,
      })
      .from(notifications)
      .where(eq(notifications.recipientUserId, world.owner.userId));
    expect(bell).toEqual([
      {
        kind: NOTIFICATION_KIND.reminder,
        title: 'Reminder: 3 items are waiting for you (1 overdue)',
        link: '/to-do',
        clientId: null,
        emailDelivery: 'inAppOnly',
      },
    ]);
    // Each request listed counts one reminder day for the person.
    const rows = await t.database.db
      .select({ firmDay: requestReminders.firmDay, manual: requestReminders.manual })
      .from(requestReminders)
      .where(eq(requestReminders.userId, world.owner.userId));
    expect(rows).toEqual(Array(3).fill({ firmDay: '2026-05-20', manual: false }));
  });

  it('sends each person’s reminder exactly once when two runs go at once, and later runs of the day send nothing', async () => {
    await request({ dueDate: '2026-05-20' });
    await request({ dueDate: '2026-05-17', title: 'Other request' });
    const at = morningOf('2026-05-20');
    const [first, second] = await Promise.all([service().runDue(at), service().runDue(at)]);
    expect(first + second).toBe(2);
    expect(await service().runDue(new Date(at.getTime() + 5 * 3600_000))).toBe(0);
    await deliver();
    expect(await mailTo(world.owner.userId)).toHaveLength(1);
    expect(await mailTo(world.taxCollaborator.userId)).toHaveLength(1);
    const claims = await t.database.db
      .select({ userId: notificationMails.userId })
      .from(notificationMails)
      .where(and(eq(notificationMails.kind, 'reminder'), eq(notificationMails.period, '2026-05-20')));
    expect(claims).toHaveLength(2);
  });

  it('carries on past a person whose reminder fails, rolls their reminder back and sends it at the next run', async () => {
    const db = t.database.db;
    await request({ dueDate: '2026-05-20' });
    await request({ dueDate: '2026-05-20', clientId: world.clientB, title: 'Other client' });
    const address = await emailOf(world.owner.userId);
    // The database refuses the owner's claim, inside their transaction after its reads, as a lost
    // connection or a broken row would; its detail quotes the address, as a constraint's detail does,
    // and so does its message, as a mail or template error's may.
    await db.execute(
      sql.raw(`create function refuse_reminder_claim() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test for ${address}' using detail = '${address}'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_reminder_claim before insert on notification_mails for each row
        when (new.user_id = ${world.owner.userId}) execute function refuse_reminder_claim()`),
    );
    const logged: object[] = [];
    const logger = { error: (fields: object, message?: string) => void logged.push({ ...fields, message }) };
    const at = morningOf('2026-05-20');
    try {
      expect(await service({ logger }).runDue(at)).toBe(2);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_reminder_claim on notification_mails'));
      await db.execute(sql.raw('drop function refuse_reminder_claim()'));
    }
    await deliver();
    expect(await mailTo(world.taxCollaborator.userId)).toHaveLength(1);
    expect(await mailTo(world.ownerB.userId)).toHaveLength(1);
    // Nothing of the owner's reminder stayed: no claim, no request counted, no e-mail, no notification.
    expect(await mailTo(world.owner.userId)).toHaveLength(0);
    const ownerRows = async () => ({
      claims: await db.select().from(notificationMails).where(eq(notificationMails.userId, world.owner.userId)),
      reminders: await db.select().from(requestReminders).where(eq(requestReminders.userId, world.owner.userId)),
      bell: await db.select().from(notifications).where(eq(notifications.recipientUserId, world.owner.userId)),
    });
    expect(await ownerRows()).toEqual({ claims: [], reminders: [], bell: [] });
    // Logged by ids: the person and the day, never their address.
    expect(logged).toEqual([
      expect.objectContaining({ userId: world.owner.userId, day: '2026-05-20', message: expect.any(String) }),
    ]);
    expect(JSON.stringify(logged)).not.toContain(address);

    // The next hourly run finds the owner due and reminds them, and nobody a second time.
    expect(await service().runDue(new Date(at.getTime() + 3600_000))).toBe(1);
    await deliver();
    expect(await mailTo(world.owner.userId)).toHaveLength(1);
    expect(await mailTo(world.taxCollaborator.userId)).toHaveLength(1);
    expect(await mailTo(world.ownerB.userId)).toHaveLength(1);
    const after = await ownerRows();
    expect([after.claims.length, after.reminders.length, after.bell.length]).toEqual([1, 1, 1]);
  });

  it('carries on past a request whose people cannot be read, and reminds them at the next run', async () => {
    const db = t.database.db;
    await request({ dueDate: '2026-05-20' });
    const other = await request({ dueDate: '2026-05-20', clientId: world.clientB, title: 'Other client' });
    const real = createNotificationRecipients({ db });
    const failing = {
      ...real,
      clientUsers: async (target: { clientId: number; serviceId: number }) => {
        if (target.clientId === world.clientB) throw new Error('lookup failed');
        return real.clientUsers(target);
      },
    };
    const logged: object[] = [];
    const logger = { error: (fields: object) => void logged.push(fields) };
    const at = morningOf('2026-05-20');
    expect(await service({ recipients: failing, logger }).runDue(at)).toBe(2);
    expect(logged).toEqual([expect.objectContaining({ requestId: other.id, clientId: world.clientB })]);
    expect(await service().runDue(new Date(at.getTime() + 3600_000))).toBe(1);
    await deliver();
    expect(await mailTo(world.ownerB.userId)).toHaveLength(1);
    expect(await mailTo(world.owner.userId)).toHaveLength(1);
  });

  it('sends no e-mail to someone who chose reminders in the app only, but still tells them in the app', async () => {
    await t.database.db
      .insert(notificationPreferences)
      .values({ userId: world.owner.userId, deliveries: { reminder: 'inAppOnly' } });
    await request({ dueDate: '2026-05-20' });
    await service().runDue(morningOf('2026-05-20'));
    await deliver();
    expect(await mailTo(world.owner.userId)).toHaveLength(0);
    expect(await mailTo(world.taxCollaborator.userId)).toHaveLength(1);
    const bell = await t.database.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.recipientUserId, world.owner.userId));
    expect(bell).toEqual([{ kind: NOTIFICATION_KIND.reminder }]);
  });

  it('counts days and the hour on the firm’s clock across both daylight-saving changes of 2026', async () => {
    const reminders = service();
    // Spring forward (Sunday 2026-03-08, 2 a.m. becomes 3 a.m.: New York is UTC-4 from then on).
    await request({ dueDate: '2026-03-08', title: 'Spring' });
    expect(await reminders.runDue(new Date('2026-03-08T04:30:00Z'))).toBe(0); // 11:30 p.m. on the 7th: no reminder day
    expect(await reminders.runDue(new Date('2026-03-08T11:50:00Z'))).toBe(0); // 7:50 a.m. EDT: too early
    expect(await reminders.runDue(new Date('2026-03-08T12:10:00Z'))).toBe(2); // 8:10 a.m. EDT
    // Overdue every 7 calendar days, whatever the clocks did: the 15th, not a day off.
    expect(await reminders.runDue(new Date('2026-03-14T16:00:00Z'))).toBe(0);
    expect(await reminders.runDue(new Date('2026-03-15T12:10:00Z'))).toBe(2);

    // Fall back (Sunday 2026-11-01, 2 a.m. becomes 1 a.m.: New York is UTC-5 from then on).
    await t.database.db.update(requests).set({ status: REQUEST_STATUS.completed }).where(eq(requests.title, 'Spring'));
    await request({ dueDate: '2026-11-01', title: 'Autumn' });
    expect(await reminders.runDue(new Date('2026-11-01T03:30:00Z'))).toBe(0); // 11:30 p.m. EDT on 10-31
    expect(await reminders.runDue(new Date('2026-11-01T12:30:00Z'))).toBe(0); // 7:30 a.m. EST: too early
    expect(await reminders.runDue(new Date('2026-11-01T13:05:00Z'))).toBe(2); // 8:05 a.m. EST
    expect(await reminders.runDue(new Date('2026-11-02T04:30:00Z'))).toBe(0); // 11:30 p.m. on the 1st: had it
    expect(await reminders.runDue(new Date('2026-11-02T05:30:00Z'))).toBe(0); // 12:30 a.m. on the 2nd: no reminder day

    const days = await t.database.db
      .selectDistinct({ firmDay: requestReminders.firmDay })
      .from(requestReminders)
      .orderBy(asc(requestReminders.firmDay));
    expect(days.map((row) => row.firmDay)).toEqual(['2026-03-08', '2026-03-15', '2026-11-01']);
  });

  it('follows the firm’s cadence as the administrator changes it, unless the request has its own', async () => {
    const admin = world.admin.session;
    const settings = await call(admin, 'GET', '/api/v1/identity/settings');
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/identity/settings',
      headers: { ...bearer(admin), 'if-match': `"${settings.json().version}"` },
      payload: { ...(settings.json() as object), version: undefined, reminderDaysBefore: 1, reminderOnDueDate: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    try {
      await request({ dueDate: '2026-05-20', title: 'Firm cadence request' });
      await request(
        { dueDate: '2026-05-20', title: 'Own cadence request' },
        cadenceColumns({ daysBefore: 2, onDueDate: true, everyDaysOverdue: 30, maxCount: 5 }),
      );
      const days = await reminderDays('2026-05-15', '2026-05-21', world.owner.userId);
      expect(days).toEqual(['2026-05-18', '2026-05-19', '2026-05-20']);
      const texts = (await mailTo(world.owner.userId)).map((mail) => mail.text ?? '');
      expect(texts[0]).toContain('Own cadence request');
      expect(texts[1]).toContain('Firm cadence request');
      expect(texts[1]).not.toContain('Own cadence request');
      expect(texts[2]).toContain('Own cadence request');
    } finally {
      const restored = await call(admin, 'GET', '/api/v1/identity/settings');
      await t.app.inject({
        method: 'PUT',
        url: '/api/v1/identity/settings',
        headers: { ...bearer(admin), 'if-match': `"${restored.json().version}"` },
        payload: { ...(restored.json() as object), version: undefined, reminderDaysBefore: 3, reminderOnDueDate: true },
      });
    }
  });
});

describe('Remind now', () => {
  const today = () => todayIn(ZONE);

  it('reminds each waiting client user once a day, says who was skipped, and shows on the request', async () => {
    const { id } = await request({ dueDate: addDays(today(), -2), title: 'Overdue documents' });
    const recipients = await call(world.advisor.session, 'GET', `${BASE}/${id}/reminder-recipients`);
    expect(recipients.statusCode, recipients.body).toBe(200);
    expect(
      recipients
        .json()
        .recipients.map((person: { id: number }) => person.id)
        .sort(),
    ).toEqual([world.owner.userId, world.taxCollaborator.userId].sort());
    expect(recipients.json().recipients.every((person: { remindedToday: boolean }) => !person.remindedToday)).toBe(
      true,
    );

    const first = await call(world.advisor.session, 'POST', `${BASE}/${id}/remind`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ reminded: 2, alreadyReminded: 0, requestsSkipped: 0 });
    await deliver();
    const [mail] = await mailTo(world.owner.userId);
    expect(mail!.text).toContain('Overdue documents');
    expect(mail!.text).toContain('Overdue');

    // Throttled: a second press, or the job later today, sends nothing more.
    const second = await call(world.advisor.session, 'POST', `${BASE}/${id}/remind`);
    expect(second.json()).toEqual({ reminded: 0, alreadyReminded: 2, requestsSkipped: 0 });
    await service().runDue(new Date());
    await deliver();
    expect(await mailTo(world.owner.userId)).toHaveLength(1);
    expect(await mailTo(world.taxCollaborator.userId)).toHaveLength(1);

    const details = await call(world.advisor.session, 'GET', `${BASE}/${id}`);
    expect(details.json().reminders).toMatchObject({ enabled: true, cadence: null, sentCount: 2 });
    expect(details.json().reminders.lastSentAt).not.toBeNull();
    const after = await call(world.advisor.session, 'GET', `${BASE}/${id}/reminder-recipients`);
    expect(after.json().recipients.every((person: { remindedToday: boolean }) => person.remindedToday)).toBe(true);

    // Audited, with the people reminded and those skipped; the bell names who sent it.
    const audited = await t.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'request.reminded'), eq(auditEvents.objectId, String(id))));
    expect(audited).toHaveLength(2);
    const manual = await t.database.db
      .select({ sentByUserId: requestReminders.sentByUserId, manual: requestReminders.manual })
      .from(requestReminders)
      .where(eq(requestReminders.requestId, id));
    expect(manual).toEqual(Array(2).fill({ sentByUserId: world.advisor.userId, manual: true }));
  });

  it('takes in whatever else is due a reminder for the person today, so nothing of the day is lost', async () => {
    const { id } = await request({ dueDate: addDays(today(), 10), title: 'Chosen request' });
    // Due in 3 days: on the firm's cadence today.
    await request({ dueDate: addDays(today(), 3), title: 'Due in three days' });
    const reminded = await call(world.advisor.session, 'POST', `${BASE}/${id}/remind`);
    expect(reminded.json()).toMatchObject({ reminded: 2 });
    await deliver();
    const [mail] = await mailTo(world.owner.userId);
    expect(mail!.subject).toBe('Reminder: 2 items are waiting for you in Ledgerport');
    expect(mail!.text).toContain('Chosen request');
    expect(mail!.text).toContain('Due in three days');
  });

  it('reminds the list’s selection: one e-mail per person, closed requests counted as skipped', async () => {
    const one = await request({ dueDate: addDays(today(), -5), title: 'First overdue' });
    const two = await request({ dueDate: addDays(today(), -1), title: 'Second overdue' });
    const done = await request({ dueDate: addDays(today(), -1), title: 'Done' }, { status: REQUEST_STATUS.completed });
    const other = await request({ dueDate: addDays(today(), -1), clientId: world.clientB, title: 'Client B’s' });
    const response = await call(world.advisor.session, 'POST', `${BASE}/remind`, {
      ids: [one.id, two.id, done.id, other.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ reminded: 3, alreadyReminded: 0, requestsSkipped: 1 });
    await deliver();
    const mails = await mailTo(world.owner.userId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('First overdue');
    expect(mails[0]!.text).toContain('Second overdue');
    expect(await mailTo(world.ownerB.userId)).toHaveLength(1);
  });

  it('answers 404 for a request that does not exist, also inside a selection, and 409 for a closed one', async () => {
    const open = await request({ dueDate: addDays(today(), 5) });
    const cancelled = await request({ dueDate: addDays(today(), 5) }, { status: REQUEST_STATUS.cancelled });
    expect((await call(world.advisor.session, 'POST', `${BASE}/999999/remind`)).statusCode).toBe(404);
    const mixed = await call(world.advisor.session, 'POST', `${BASE}/remind`, { ids: [open.id, 999999] });
    expect(mixed.statusCode).toBe(404);
    const closed = await call(world.advisor.session, 'POST', `${BASE}/${cancelled.id}/remind`);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('REQUEST_NOT_OPEN');
    expect((await call(world.advisor.session, 'POST', `${BASE}/remind`, { ids: [] })).statusCode).toBe(400);
    await deliver();
    expect(smtp.received).toHaveLength(0);
  });
});

describe('a request’s reminder settings', () => {
  it('are set on create and edit, kept when an edit leaves them out, and answered with the effective cadence', async () => {
    const dueDate = addDays(todayIn(ZONE), 10);
    const created = await call(world.advisor.session, 'POST', BASE, {
      clientId: world.clientId,
      serviceId: world.tax,
      title: 'With its own cadence',
      dueDate,
      items: [{ title: 'Anything', kind: 2 }],
      reminders: { enabled: true, cadence: { daysBefore: 5, onDueDate: false, everyDaysOverdue: 3, maxCount: 2 } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const own = { daysBefore: 5, onDueDate: false, everyDaysOverdue: 3, maxCount: 2 };
    expect(created.json().reminders).toEqual({
      enabled: true,
      cadence: own,
      effective: own,
      sentCount: 0,
      lastSentAt: null,
    });
    const { id, version } = created.json();
    const edit = (payload: object, ifMatch: string) =>
      t.app.inject({
        method: 'PUT',
        url: `${BASE}/${id}`,
        headers: { ...bearer(world.advisor.session), 'if-match': `"${ifMatch}"` },
        payload: { title: 'With its own cadence', dueDate, items: [{ title: 'Anything', kind: 2 }], ...payload },
      });

    const untouched = await edit({}, version);
    expect(untouched.statusCode, untouched.body).toBe(200);
    expect(untouched.json().reminders.cadence).toEqual(own);

    const firms = await edit({ reminders: { enabled: false, cadence: null } }, untouched.json().version);
    expect(firms.json().reminders).toMatchObject({
      enabled: false,
      cadence: null,
      effective: { daysBefore: 3, onDueDate: true, everyDaysOverdue: 7, maxCount: 5 },
    });
    // A stale version is refused like any edit's.
    expect((await edit({ reminders: { enabled: true, cadence: null } }, version)).statusCode).toBe(412);

    const outOfRange = await edit(
      { reminders: { enabled: true, cadence: { ...own, everyDaysOverdue: 0 } } },
      firms.json().version,
    );
    expect(outOfRange.statusCode).toBe(400);
    const [row] = await t.database.db
      .select({ remindersEnabled: requests.remindersEnabled, days: requests.reminderDaysBefore })
      .from(requests)
      .where(eq(requests.id, id));
    expect(row).toEqual({ remindersEnabled: false, days: null });
  });

  it('the firm’s default cadence is validated by the check constraint’s ranges', async () => {
    const admin = world.admin.session;
    const settings = (await call(admin, 'GET', '/api/v1/identity/settings')).json();
    expect(settings).toMatchObject({
      reminderDaysBefore: 3,
      reminderOnDueDate: true,
      reminderEveryDaysOverdue: 7,
      reminderMaxCount: 5,
    });
    for (const wrong of [{ reminderDaysBefore: 61 }, { reminderEveryDaysOverdue: 0 }, { reminderMaxCount: 51 }]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/identity/settings',
        headers: { ...bearer(admin), 'if-match': `"${settings.version}"` },
        payload: { ...settings, version: undefined, ...wrong },
      });
      expect(response.statusCode, JSON.stringify(wrong)).toBe(400);
    }
  });
});
