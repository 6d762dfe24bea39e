import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { NOTIFICATION_DELIVERY, NOTIFICATION_KIND } from '@ledgerport/shared';
import {
  clientCollaborators,
  clientCollaboratorServices,
  clientServices,
  jobs,
  mailMessages,
  notificationMails,
  notificationPreferences,
  notifications,
  users,
} from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createClient, createUser } from '../../../testing/factories.js';
import { startSmtpServer, type TestSmtpServer } from '../../../testing/smtp.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import type { MailService } from '../../mail/index.js';
import { createNotificationPublisher, type NotificationEvent } from '../index.js';
import {
  NOTIFICATION_BATCH_JOB,
  NOTIFICATION_DIGESTS_JOB,
  scheduleNotificationDigests,
} from '../notification-mail.service.js';
import { notificationJobs, setUpNotificationWorld, type NotificationWorld } from './notifications-fixtures.js';

/*
 * Notification e-mail (issue 22 items 3 and 5; docs/notifications.md#e-mail): "immediately" is one
 * e-mail per person per batching window (10 minutes here), "dailyDigest" one e-mail a firm day at
 * the person's hour, "inAppOnly" none; each exactly once. The clock is the test's (no sleeps): the
 * jobs fall due on it and the services read it. Mail goes to a real SMTP server. The firm's zone is
 * America/New_York, whose clocks change on 2026-03-08 and 2026-11-01.
 */

let t: TestApp;
let smtp: TestSmtpServer;
let world: NotificationWorld;
let clock = new Date();
const now = () => clock;
let side: ReturnType<typeof notificationJobs>;

const db = () => t.database.db;

function at(instant: string): void {
  clock = new Date(instant);
}

async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db().execute(query)) as unknown as { rows: T[] }).rows;
}

/** Polls a condition of the database (no clock involved: another connection's progress). */
async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Runs every job due on the test's clock: the notifications, the batches, the digests, the outbox. */
async function run(): Promise<void> {
  await side.worker.drain();
}

async function publish(...events: NotificationEvent[]): Promise<void> {
  const publisher = createNotificationPublisher(side.queue);
  await db().transaction(async (tx) => {
    for (const event of events) await publisher.publish(event, tx);
  });
}

/** Client side, "immediately" by default: the owner and the Tax collaborator. */
function requestCreated(requestId: number, requestTitle = `Request ${requestId}`, clientId = world.clientId) {
  return {
    kind: NOTIFICATION_KIND.requestCreated,
    clientId,
    serviceId: world.tax,
    actorUserId: world.admin.userId,
    requestId,
    requestTitle,
    requestCreatorUserId: world.admin.userId,
  } satisfies NotificationEvent;
}

/** Staff side, in the daily digest by default: the advisor and the follower. */
function itemSubmitted(itemId: number): NotificationEvent {
  return {
    kind: NOTIFICATION_KIND.requestItemSubmitted,
    clientId: world.clientId,
    serviceId: world.tax,
    actorUserId: world.owner.userId,
    requestId: 9,
    requestTitle: 'Taxes',
    requestCreatorUserId: null,
    itemId,
    itemTitle: `Item ${itemId}`,
    fileCount: null,
  };
}

async function emailOf(userId: number): Promise<string> {
  const [row] = await db().select({ emailAddress: users.emailAddress }).from(users).where(eq(users.id, userId));
  return row!.emailAddress;
}

function recipientOf(mail: ParsedMail): string {
  return mail.to && 'text' in mail.to ? mail.to.text : '';
}

async function mailTo(userId: number): Promise<ParsedMail[]> {
  const address = await emailOf(userId);
  return smtp.received.filter((mail) => recipientOf(mail) === address);
}

function unsubscribeOf(mail: ParsedMail): string | undefined {
  return mail.headerLines.find((line) => line.key === 'list-unsubscribe')?.line;
}

/** The lines of a notification e-mail's text that name a request or an item (what it lists). */
function listed(mail: ParsedMail): string[] {
  return (mail.text ?? '').split('\n').filter((line) => /Request \d+|Item \d+/.test(line));
}

async function claimsOf(userId: number) {
  return db()
    .select({ kind: notificationMails.kind, period: notificationMails.period, mailId: notificationMails.mailId })
    .from(notificationMails)
    .where(eq(notificationMails.userId, userId))
    .orderBy(asc(notificationMails.id));
}

async function choose(userId: number, values: { deliveries?: Record<string, string>; digestHour?: number }) {
  await db()
    .insert(notificationPreferences)
    .values({ userId, deliveries: values.deliveries ?? {}, digestHour: values.digestHour ?? 8 })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { deliveries: values.deliveries ?? {}, digestHour: values.digestHour ?? 8 },
    });
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
  await db().delete(jobs);
  await db().delete(notifications);
  await db().delete(notificationMails);
  await db().delete(notificationPreferences);
  await db().delete(mailMessages);
  smtp.received.length = 0;
  side = notificationJobs(t, { now });
});

describe('immediately: one e-mail per person per window', () => {
  it('three events within five minutes arrive as one e-mail listing all three, at the end of the window', async () => {
    at('2030-05-20T14:00:30Z');
    await publish(requestCreated(1));
    await run();
    at('2030-05-20T14:02:10Z');
    await publish(requestCreated(2));
    await run();
    at('2030-05-20T14:04:50Z');
    await publish(requestCreated(3));
    await run();
    at('2030-05-20T14:09:59Z');
    await run();
    expect(smtp.received).toEqual([]);

    at('2030-05-20T14:10:00Z');
    await run();
    for (const person of [world.owner, world.taxCollaborator]) {
      const mails = await mailTo(person.userId);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('3 new notifications in Ledgerport');
      expect(listed(mails[0]!).join('\n')).toMatch(/Request 1[\s\S]*Request 2[\s\S]*Request 3/);
      expect(mails[0]!.text).toContain(`${t.config.appUrl}/requests/1`);
      expect(unsubscribeOf(mails[0]!)).toBe(`List-Unsubscribe: <${t.config.appUrl}/profile#notifications>`);
      expect(await claimsOf(person.userId)).toEqual([
        { kind: 'batch', period: '2030-05-20T14:00:00.000Z', mailId: expect.any(Number) },
      ]);
    }
    // One job per person and window, however many notifications.
    const [batches] = await db().select({ n: count() }).from(jobs).where(eq(jobs.type, NOTIFICATION_BATCH_JOB));
    expect(batches!.n).toBe(2);
    // Nobody else heard of it by e-mail, and every immediate notification is marked e-mailed.
    expect(smtp.received).toHaveLength(2);
    const waiting = await db()
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.emailDelivery, NOTIFICATION_DELIVERY.immediately), isNull(notifications.emailedAt)));
    expect(waiting[0]!.n).toBe(0);
  });

  it('an event after the window starts a new batch, which lists only what is new', async () => {
    at('2030-05-20T14:03:00Z');
    await publish(requestCreated(11));
    await run();
    at('2030-05-20T14:10:00Z');
    await run();
    at('2030-05-20T14:12:00Z');
    await publish(requestCreated(12));
    await run();
    at('2030-05-20T14:19:59Z');
    await run();
    expect(await mailTo(world.owner.userId)).toHaveLength(1);
    at('2030-05-20T14:20:00Z');
    await run();
    const mails = await mailTo(world.owner.userId);
    expect(mails.map((mail) => mail.subject)).toEqual([
      '1 new notification in Ledgerport',
      '1 new notification in Ledgerport',
    ]);
    expect(mails.map((mail) => listed(mail).join())).toEqual([
      expect.stringContaining('Request 11'),
      expect.stringContaining('Request 12'),
    ]);
    expect(listed(mails[1]!).join()).not.toContain('Request 11');
  });

  it('a notification made for a window whose batch went already (a clock behind) goes with the next batch', async () => {
    at('2030-05-20T14:05:00Z');
    await publish(requestCreated(21));
    await run();
    at('2030-05-20T14:10:00Z');
    await run();
    // A process whose clock is two seconds behind makes one more in the window already sent.
    at('2030-05-20T14:09:58Z');
    await publish(requestCreated(22));
    await run();
    at('2030-05-20T14:19:59Z');
    await run();
    expect(await mailTo(world.owner.userId)).toHaveLength(1);
    at('2030-05-20T14:20:00Z');
    await run();
    const mails = await mailTo(world.owner.userId);
    expect(mails).toHaveLength(2);
    expect(listed(mails[1]!).join()).toContain('Request 22');
    expect((await claimsOf(world.owner.userId)).map((claim) => claim.period)).toEqual([
      '2030-05-20T14:00:00.000Z',
      '2030-05-20T14:10:00.000Z',
    ]);
  });

  it('inAppOnly never mails: no batch, no digest', async () => {
    await choose(world.owner.userId, { deliveries: { requestCreated: NOTIFICATION_DELIVERY.inAppOnly } });
    at('2030-05-20T14:00:00Z');
    await publish(requestCreated(31));
    await run();
    const [row] = await db()
      .select({ emailDelivery: notifications.emailDelivery })
      .from(notifications)
      .where(eq(notifications.recipientUserId, world.owner.userId));
    expect(row!.emailDelivery).toBe(NOTIFICATION_DELIVERY.inAppOnly);
    await scheduleNotificationDigests(side.queue, clock);
    for (let hour = 1; hour <= 48; hour++) {
      at(new Date(Date.parse('2030-05-20T14:00:00Z') + hour * 3600_000).toISOString());
      await run();
    }
    expect(await mailTo(world.owner.userId)).toEqual([]);
    expect(await claimsOf(world.owner.userId)).toEqual([]);
    // The Tax collaborator kept the default.
    expect(await mailTo(world.taxCollaborator.userId)).toHaveLength(1);
  });

  it('an inactive person gets nothing; the claim records that no mail went', async () => {
    at('2030-05-20T14:00:00Z');
    await publish(requestCreated(41));
    await run();
    await db().update(users).set({ isActive: false }).where(eq(users.id, world.owner.userId));
    try {
      at('2030-05-20T14:10:00Z');
      await run();
      expect(await mailTo(world.owner.userId)).toEqual([]);
      expect(await claimsOf(world.owner.userId)).toEqual([
        { kind: 'batch', period: '2030-05-20T14:00:00.000Z', mailId: null },
      ]);
      expect(await mailTo(world.taxCollaborator.userId)).toHaveLength(1);
    } finally {
      await db().update(users).set({ isActive: true }).where(eq(users.id, world.owner.userId));
    }
  });

  it('leaves out what the person can no longer see (a collaborator turned off after being told)', async () => {
    at('2030-05-20T14:00:00Z');
    await publish(requestCreated(51));
    await run();
    await db()
      .update(clientCollaborators)
      .set({ isActive: false })
      .where(eq(clientCollaborators.userId, world.taxCollaborator.userId));
    try {
      at('2030-05-20T14:10:00Z');
      await run();
      expect(await mailTo(world.taxCollaborator.userId)).toEqual([]);
      expect(await mailTo(world.owner.userId)).toHaveLength(1);
    } finally {
      await db()
        .update(clientCollaborators)
        .set({ isActive: true })
        .where(eq(clientCollaborators.userId, world.taxCollaborator.userId));
    }
  });

  it('carries the masked title and the link, nothing more', async () => {
    at('2030-05-20T14:00:00Z');
    await publish(requestCreated(61, 'Return for jane.doe@example.com, SSN 123-45-6789'));
    await run();
    at('2030-05-20T14:10:00Z');
    await run();
    const [mail] = await mailTo(world.owner.userId);
    for (const part of [mail!.text ?? '', String(mail!.html)]) {
      expect(part).not.toContain('jane.doe@example.com');
      expect(part).not.toContain('123-45-6789');
      expect(part).toContain('[e-mail]');
      expect(part).toContain('***-**-6789');
    }
    expect(mail!.text).toContain(`${t.config.appUrl}/requests/61`);
  });
});

describe('daily digest', () => {
  /** Runs the hourly chain from `from` for `hours` hours; answers when each person's digests came. */
  async function hourly(from: string, hours: number, people: number[]): Promise<Map<number, string[]>> {
    const came = new Map<number, string[]>(people.map((userId) => [userId, []]));
    at(from);
    await scheduleNotificationDigests(side.queue, clock);
    for (let hour = 1; hour <= hours; hour++) {
      at(new Date(Math.floor(Date.parse(from) / 3600_000 + hour) * 3600_000).toISOString());
      const before = new Map(await Promise.all(people.map(async (id) => [id, (await mailTo(id)).length] as const)));
      await run();
      for (const userId of people) {
        if ((await mailTo(userId)).length > before.get(userId)!) came.get(userId)!.push(clock.toISOString());
      }
    }
    return came;
  }

  it('comes at the person’s hour in the firm’s zone, not before, once a day, with what was made before it', async () => {
    await choose(world.follower.userId, { digestHour: 17 });
    const people = [world.advisor.userId, world.follower.userId];
    at('2030-05-20T15:00:00Z'); // 11 a.m. in New York
    await publish(itemSubmitted(1));
    await run();
    const came = await hourly('2030-05-20T15:30:00Z', 22, people); // to 9 a.m. on the 21st
    await publish(itemSubmitted(2)); // 9 a.m.: after the advisor's hour, before the follower's
    await run();
    const later = await hourly('2030-05-21T13:30:00Z', 36, people);

    // The advisor at 8 a.m. (the default), the follower at 5 p.m. (their choice), New York time.
    expect(came.get(world.advisor.userId)).toEqual(['2030-05-21T12:00:00.000Z']);
    expect(came.get(world.follower.userId)).toEqual(['2030-05-20T21:00:00.000Z']);
    expect(later.get(world.advisor.userId)).toEqual(['2030-05-22T12:00:00.000Z']);
    expect(later.get(world.follower.userId)).toEqual(['2030-05-21T21:00:00.000Z']);
    const advisor = await mailTo(world.advisor.userId);
    expect(advisor.map((mail) => mail.subject)).toEqual([
      'Your Ledgerport digest for May 21, 2030',
      'Your Ledgerport digest for May 22, 2030',
    ]);
    expect(advisor.map((mail) => listed(mail).join())).toEqual([
      expect.stringContaining('Item 1'),
      expect.stringContaining('Item 2'),
    ]);
    expect(listed(advisor[1]!).join()).not.toContain('Item 1');
    expect(unsubscribeOf(advisor[0]!)).toBe(`List-Unsubscribe: <${t.config.appUrl}/profile#notifications>`);
    expect((await claimsOf(world.advisor.userId)).map((claim) => claim.period)).toEqual(['2030-05-21', '2030-05-22']);
    // The chain goes on: one run queued, for the next hour.
    const pending = await db()
      .select({ type: jobs.type })
      .from(jobs)
      .where(and(eq(jobs.status, 'pending'), eq(jobs.type, 'notifications.send-digests')));
    expect(pending).toHaveLength(1);
  });

  it('a worker down at the hour catches up later the same firm day, once, and not again the next day', async () => {
    at('2030-05-20T15:00:00Z');
    await publish(itemSubmitted(3));
    await run();
    at('2030-05-21T11:30:00Z'); // 7:30 a.m.
    await scheduleNotificationDigests(side.queue, clock);
    await run();
    expect(await mailTo(world.advisor.userId)).toEqual([]);
    // Down from 7:30 to 11:45: the run due at 8 runs now.
    at('2030-05-21T15:45:00Z');
    await run();
    expect(await mailTo(world.advisor.userId)).toHaveLength(1);
    for (const instant of ['2030-05-21T16:00:00Z', '2030-05-21T23:00:00Z', '2030-05-22T12:00:00Z']) {
      at(instant);
      await run();
    }
    expect(await mailTo(world.advisor.userId)).toHaveLength(1);
    expect((await claimsOf(world.advisor.userId)).map((claim) => claim.period)).toEqual(['2030-05-21']);
  });

  it('a process clock behind the one jobs fall due by neither stops the chain nor delays the hour’s digests', async () => {
    at('2030-05-20T15:00:00Z');
    await publish(itemSubmitted(8));
    await run();
    // Jobs fall due on the test's clock (the database's); this process's is a minute behind it.
    const behind = notificationJobs(t, { now: () => new Date(clock.getTime() - 60_000), dueNow: now });
    at('2030-05-21T11:30:00Z');
    await scheduleNotificationDigests(behind.queue, clock);
    const sentAt: string[] = [];
    for (const instant of ['2030-05-21T12:00:00Z', '2030-05-21T13:00:00Z', '2030-05-21T14:00:00Z']) {
      at(instant);
      const before = (await mailTo(world.advisor.userId)).length;
      await behind.worker.drain();
      if ((await mailTo(world.advisor.userId)).length > before) sentAt.push(instant);
    }
    // The run of 8 a.m. sent the advisor's digest, though its process's clock read 7:59.
    expect(sentAt).toEqual(['2030-05-21T12:00:00Z']);
    const pending = await db()
      .select({ payload: jobs.payload, runAt: jobs.runAt })
      .from(jobs)
      .where(and(eq(jobs.status, 'pending'), eq(jobs.type, NOTIFICATION_DIGESTS_JOB)));
    expect(pending).toEqual([
      { payload: { hour: '2030-05-21T15:00:00.000Z' }, runAt: new Date('2030-05-21T15:00:00.000Z') },
    ]);
  });

  it('one person’s failure leaves the others their digest; theirs rolls back and goes with the next run', async () => {
    at('2030-05-20T15:00:00Z');
    await publish(itemSubmitted(10));
    await run();
    const advisorAddress = await emailOf(world.advisor.userId);
    let refusing = true;
    const mail: Pick<MailService, 'queue'> = {
      queue(template, to, data, tx) {
        if (refusing && to === advisorAddress) return Promise.reject(new Error(`The outbox refused ${to}`));
        return t.app.mail.queue(template, to, data, tx);
      },
    };
    const error = vi.fn();
    const faulty = notificationJobs(t, { now, mail, logger: { error } });
    at('2030-05-21T11:30:00Z');
    await scheduleNotificationDigests(faulty.queue, clock);

    // The advisor comes first (ids ascending): without the isolation the follower would get nothing.
    at('2030-05-21T12:00:00Z');
    await faulty.worker.drain();
    expect(await mailTo(world.follower.userId)).toHaveLength(1);
    expect(await mailTo(world.advisor.userId)).toEqual([]);
    expect(await claimsOf(world.advisor.userId)).toEqual([]);
    expect(error.mock.calls).toEqual([
      [
        { userId: world.advisor.userId, err: { type: 'Error', message: 'The outbox refused [e-mail]' } },
        expect.stringContaining('digest failed'),
      ],
    ]);
    expect(JSON.stringify(error.mock.calls)).not.toContain(advisorAddress);
    // The run itself succeeded: its job is done, not failed nor waiting for a retry.
    const runs = await db()
      .select({ status: jobs.status })
      .from(jobs)
      .where(eq(jobs.type, NOTIFICATION_DIGESTS_JOB))
      .orderBy(asc(jobs.runAt));
    expect(runs.map((job) => job.status)).toEqual(['done', 'pending']);

    refusing = false;
    at('2030-05-21T13:00:00Z');
    await faulty.worker.drain();
    const mails = await mailTo(world.advisor.userId);
    expect(mails).toHaveLength(1);
    expect(listed(mails[0]!).join()).toContain('Item 10');
    expect(await mailTo(world.follower.userId)).toHaveLength(1);
    expect((await claimsOf(world.advisor.userId)).map((claim) => claim.period)).toEqual(['2030-05-21']);
  });

  it('keeps the local hour across both daylight-saving changes of 2026 in New York', async () => {
    const sent = async (instant: string) => {
      const count = await side.email.sendDigests(new Date(instant));
      await t.app.worker.drain(); // the outbox, on the real clock
      return count;
    };
    // The follower picks 2 a.m., an hour 8 March skips.
    await choose(world.follower.userId, { digestHour: 2 });
    at('2026-03-07T20:00:00Z');
    await publish(itemSubmitted(4));
    await run();
    expect(await sent('2026-03-08T06:00:00Z')).toBe(0); // 1 a.m. EST
    expect(await sent('2026-03-08T07:00:00Z')).toBe(1); // 3 a.m. EDT: the follower, 2 a.m. never came
    expect(await sent('2026-03-08T11:00:00Z')).toBe(0); // 7 a.m. EDT (noon UTC minus five would be 6)
    expect(await sent('2026-03-08T12:00:00Z')).toBe(1); // 8 a.m. EDT: the advisor
    expect(await sent('2026-03-08T13:00:00Z')).toBe(0);

    // The follower picks 1 a.m., an hour 1 November has twice.
    await choose(world.follower.userId, { digestHour: 1 });
    at('2026-10-31T18:00:00Z');
    await publish(itemSubmitted(5));
    await run();
    expect(await sent('2026-11-01T04:00:00Z')).toBe(0); // midnight EDT
    expect(await sent('2026-11-01T05:00:00Z')).toBe(1); // 1 a.m. EDT: the follower
    expect(await sent('2026-11-01T06:00:00Z')).toBe(0); // 1 a.m. EST, the second time: sent already
    expect(await sent('2026-11-01T12:00:00Z')).toBe(0); // 7 a.m. EST (the summer offset would make it 8)
    at('2026-11-01T12:30:00Z'); // 7:30 a.m. EST: before the advisor's hour, in today's digest
    await publish(itemSubmitted(6));
    await run();
    expect(await sent('2026-11-01T13:00:00Z')).toBe(1); // 8 a.m. EST: the advisor
    at('2026-11-01T13:30:00Z'); // 8:30 a.m.: after it, in tomorrow's
    await publish(itemSubmitted(7));
    await run();
    expect(await sent('2026-11-01T14:00:00Z')).toBe(0);
    // 8 a.m. EST on the 2nd: the advisor, and the follower, whose 1 a.m. run was missed (caught up).
    expect(await sent('2026-11-02T13:00:00Z')).toBe(2);

    const advisor = await mailTo(world.advisor.userId);
    expect(advisor.map((mail) => mail.subject)).toEqual([
      'Your Ledgerport digest for March 8, 2026',
      'Your Ledgerport digest for November 1, 2026',
      'Your Ledgerport digest for November 2, 2026',
    ]);
    expect(advisor.map((mail) => listed(mail).join())).toEqual([
      expect.stringContaining('Item 4'),
      expect.stringMatching(/Item 5.*Item 6/),
      expect.stringContaining('Item 7'),
    ]);
    expect((await mailTo(world.follower.userId)).map((mail) => mail.subject)).toEqual([
      'Your Ledgerport digest for March 8, 2026',
      'Your Ledgerport digest for November 1, 2026',
      'Your Ledgerport digest for November 2, 2026',
    ]);
  });
});

describe('exactly once', () => {
  async function batchJob() {
    const [job] = await db()
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.type, NOTIFICATION_BATCH_JOB), eq(jobs.status, 'pending')))
      .limit(1);
    return job!.payload;
  }

  it('a batch job run again (a crash before it was marked done) sends nothing more', async () => {
    await choose(world.taxCollaborator.userId, { deliveries: { requestCreated: NOTIFICATION_DELIVERY.inAppOnly } });
    at('2030-05-20T14:00:00Z');
    await publish(requestCreated(71));
    await run();
    const payload = await batchJob();
    at('2030-05-20T14:10:00Z');
    expect(await side.email.sendBatch(payload)).toBe(true);
    expect(await side.email.sendBatch(payload)).toBe(false);
    await run();
    expect(await side.email.sendBatch(payload)).toBe(false);
    expect(await mailTo(world.owner.userId)).toHaveLength(1);
  });

  it('three runs of one batch at once send one e-mail', async () => {
    await choose(world.taxCollaborator.userId, { deliveries: { requestCreated: NOTIFICATION_DELIVERY.inAppOnly } });
    at('2030-05-20T14:00:00Z');
    await publish(requestCreated(81), requestCreated(82));
    await run();
    const payload = await batchJob();
    at('2030-05-20T14:10:00Z');
    const results = await Promise.all([
      side.email.sendBatch(payload),
      notificationJobs(t, { now }).email.sendBatch(payload),
      notificationJobs(t, { now }).email.sendBatch(payload),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    await run();
    const mails = await mailTo(world.owner.userId);
    expect(mails).toHaveLength(1);
    expect(listed(mails[0]!)).toHaveLength(2);
  });

  it('a batch that starts while a notification for its person is being made waits for it and lists it', async () => {
    await choose(world.taxCollaborator.userId, { deliveries: { requestCreated: NOTIFICATION_DELIVERY.inAppOnly } });
    at('2030-05-20T14:00:00Z');
    await publish(requestCreated(111));
    await run();
    const payload = await batchJob();
    // As the deliver job does, a moment before the window ends: the row, then the batch under the
    // person's lock, and the transaction still open when the batch starts.
    at('2030-05-20T14:09:59Z');
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const making = db().transaction(async (tx) => {
      await tx.insert(notifications).values({
        recipientUserId: world.owner.userId,
        kind: NOTIFICATION_KIND.requestCreated,
        title: 'New request from the firm: Request 112',
        link: '/requests/112',
        clientId: world.clientId,
        actorUserId: world.admin.userId,
        eventKey: 'requestCreated:request:112',
        emailDelivery: NOTIFICATION_DELIVERY.immediately,
        createdAt: clock,
      });
      await side.email.queueBatches([world.owner.userId], tx);
      locked();
      await committing;
    });
    await lockTaken;
    at('2030-05-20T14:10:00Z');
    let settled = false;
    const sending = side.email.sendBatch(payload).finally(() => (settled = true));
    if (process.env.TEST_DATABASE_URL) {
      // On PostgreSQL the batch runs at once on its own connection: wait until it waits on the lock
      // (or, were there no lock, has finished). PGlite runs one transaction at a time, so there it
      // waits for the first one anyway.
      await waitFor(async () => {
        if (settled) return true;
        const [row] = await rowsOf<{ n: number }>(
          sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted
            and database = (select oid from pg_database where datname = current_database())`,
        );
        return row!.n > 0;
      });
    }
    commit();
    await making;
    expect(await sending).toBe(true);
    at('2030-05-20T14:20:00Z');
    await run();
    const mails = await mailTo(world.owner.userId);
    expect(mails).toHaveLength(1);
    expect(listed(mails[0]!)).toEqual([expect.stringContaining('Request 111'), expect.stringContaining('Request 112')]);
  });

  it('a digest run twice, and two runs at once, send each digest once', async () => {
    at('2030-05-20T15:00:00Z');
    await publish(itemSubmitted(91));
    await run();
    const eight = new Date('2030-05-21T12:00:00Z');
    const other = notificationJobs(t, { now });
    const [first, second] = await Promise.all([side.email.sendDigests(eight), other.email.sendDigests(eight)]);
    expect(first + second).toBe(2);
    expect(await side.email.sendDigests(eight)).toBe(0);
    expect(await side.email.sendDigests(new Date('2030-05-21T18:00:00Z'))).toBe(0);
    at('2030-05-21T12:00:00Z');
    await run();
    expect(await mailTo(world.advisor.userId)).toHaveLength(1);
    expect(await mailTo(world.follower.userId)).toHaveLength(1);
  });

  it('two workers sharing the jobs of 13 people: one batch or digest each, every notification e-mailed once', async () => {
    // A client of its own with an owner and ten collaborators granted Tax, all "immediately".
    const owner = await createUser(db(), { role: 'client' });
    const collaborators = await Promise.all(Array.from({ length: 10 }, () => createUser(db(), { role: 'client' })));
    const client = await createClient(db(), {
      ownerUserId: owner.id,
      collaboratorUserIds: collaborators.map((user) => user.id),
    });
    await db().insert(clientServices).values({ clientId: client.id, serviceId: world.tax });
    await db()
      .insert(clientCollaboratorServices)
      .values(collaborators.map((user) => ({ clientId: client.id, userId: user.id, serviceId: world.tax })));
    const clientSide = [owner.id, ...collaborators.map((user) => user.id)];
    const other = notificationJobs(t, { now });
    const both = () => Promise.all([side.worker.drain(), other.worker.drain()]);

    at('2030-05-20T14:00:00Z');
    await scheduleNotificationDigests(side.queue, new Date('2030-05-21T11:30:00Z'));
    for (let n = 0; n < 15; n++) {
      at(`2030-05-20T14:0${Math.floor(n / 2)}:${String((n * 7) % 60).padStart(2, '0')}Z`);
      await publish(requestCreated(100 + n, `Request ${100 + n}`, client.id), itemSubmitted(100 + n));
      await both();
    }
    at('2030-05-20T14:10:00Z');
    await both();
    at('2030-05-21T12:00:00Z');
    await both();

    for (const userId of clientSide) {
      const mails = await mailTo(userId);
      expect(mails).toHaveLength(1);
      expect(listed(mails[0]!)).toHaveLength(15);
    }
    for (const userId of [world.advisor.userId, world.follower.userId]) {
      const mails = await mailTo(userId);
      expect(mails).toHaveLength(1);
      expect(listed(mails[0]!)).toHaveLength(15);
    }
    const everyRow = await db()
      .select({ emailedAt: notifications.emailedAt })
      .from(notifications)
      .where(inArray(notifications.recipientUserId, [...clientSide, world.advisor.userId, world.follower.userId]));
    expect(everyRow).toHaveLength(15 * 13);
    expect(everyRow.every((row) => row.emailedAt !== null)).toBe(true);
    const claims = await db().select({ n: count() }).from(notificationMails);
    expect(claims[0]!.n).toBe(13);
  });
});
