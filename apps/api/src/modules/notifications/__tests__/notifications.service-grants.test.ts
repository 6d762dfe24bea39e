import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { NOTIFICATION_KIND, type NotificationKind } from '@ledgerport/shared';
import {
  clientCollaboratorServices,
  jobs,
  mailMessages,
  notificationMails,
  notifications,
  users,
} from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createDocument } from '../../../testing/documents-factories.js';
import { bearer, type SignedIn } from '../../../testing/session.js';
import { startSmtpServer, type TestSmtpServer } from '../../../testing/smtp.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { insertRequest } from '../../requests/__tests__/requests-fixtures.js';
import { createNotificationPublisher, type NotificationEvent } from '../index.js';
import {
  notificationJobs,
  setUpNotificationWorld,
  type NotificationWorld,
  type Person,
} from './notifications-fixtures.js';

/*
 * A notification keeps the service of what it tells of, and a client's collaborator is shown and
 * e-mailed it only while a grant of that service is theirs (docs/notifications.md): the bell's list,
 * its count, mark-read, the batch and the digest all read through the one recipient scope. The owner
 * sees every service; staff are not filtered by service. On the real database, with the module's jobs
 * on a clock of the test's own and mail to a real SMTP server.
 */

const ME = '/api/v1/identity/users/me';
const MIGRATION = new URL('../../../../drizzle/0036_notification_service.sql', import.meta.url);

let t: TestApp;
let smtp: TestSmtpServer;
let world: NotificationWorld;
let clock = new Date();
let side: ReturnType<typeof notificationJobs>;

const db = () => t.database.db;

function at(instant: string): void {
  clock = new Date(instant);
}

function call(session: SignedIn, method: 'GET' | 'PUT', url: string) {
  return t.app.inject({ method, url, headers: bearer(session) });
}

async function run(): Promise<void> {
  await side.worker.drain();
}

async function publish(...events: NotificationEvent[]): Promise<void> {
  const publisher = createNotificationPublisher(side.queue);
  await db().transaction(async (tx) => {
    for (const event of events) await publisher.publish(event, tx);
  });
}

/** Client side, e-mailed "immediately" by default. */
function requestCreated(requestId: number, serviceId: number) {
  return {
    kind: NOTIFICATION_KIND.requestCreated,
    clientId: world.clientId,
    serviceId,
    actorUserId: world.admin.userId,
    requestId,
    requestTitle: `Request ${requestId}`,
    requestCreatorUserId: world.admin.userId,
  } satisfies NotificationEvent;
}

/** Client side, in the daily digest by default. */
function documentReceived(documentId: number, serviceId: number) {
  return {
    kind: NOTIFICATION_KIND.documentReceived,
    clientId: world.clientId,
    serviceId,
    actorUserId: world.admin.userId,
    documents: [{ id: documentId, name: `Document ${documentId}` }],
  } satisfies NotificationEvent;
}

function reminder(person: Person) {
  return {
    kind: NOTIFICATION_KIND.reminder,
    userId: person.userId,
    day: '2030-05-20',
    clientId: world.clientId,
    actorUserId: null,
    itemCount: 2,
    overdueCount: 0,
  } satisfies NotificationEvent;
}

async function grant(person: Person, serviceId: number): Promise<void> {
  await db()
    .insert(clientCollaboratorServices)
    .values({ clientId: world.clientId, userId: person.userId, serviceId })
    .onConflictDoNothing();
}

async function revoke(person: Person, serviceId: number): Promise<void> {
  await db()
    .delete(clientCollaboratorServices)
    .where(
      and(
        eq(clientCollaboratorServices.clientId, world.clientId),
        eq(clientCollaboratorServices.userId, person.userId),
        eq(clientCollaboratorServices.serviceId, serviceId),
      ),
    );
}

/** The person's one notification of a kind. */
async function notificationOf(person: Person, kind: NotificationKind) {
  const rows = await db()
    .select({ id: notifications.id, readAt: notifications.readAt, emailedAt: notifications.emailedAt })
    .from(notifications)
    .where(and(eq(notifications.recipientUserId, person.userId), eq(notifications.kind, kind)));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

async function bell(person: Person) {
  const response = await call(person.session, 'GET', `${ME}/notifications`);
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json() as { items: Array<{ kind: NotificationKind }>; totalCount: number; unreadCount: number };
  return { kinds: page.items.map((item) => item.kind), totalCount: page.totalCount, unreadCount: page.unreadCount };
}

async function mailTo(person: Person): Promise<ParsedMail[]> {
  const [row] = await db().select({ emailAddress: users.emailAddress }).from(users).where(eq(users.id, person.userId));
  return smtp.received.filter((mail) => mail.to && 'text' in mail.to && mail.to.text === row!.emailAddress);
}

/** What an e-mail lists, by the names the events gave their objects. */
function listed(mail: ParsedMail): string[] {
  return [...(mail.text ?? '').matchAll(/(?:Request|Document) \d+/g)].map((match) => match[0]);
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
  await db().delete(mailMessages);
  smtp.received.length = 0;
  // The fixture's grants: a test that moves one leaves the next test the world it expects.
  await db().delete(clientCollaboratorServices).where(eq(clientCollaboratorServices.clientId, world.clientId));
  await db()
    .insert(clientCollaboratorServices)
    .values([
      { clientId: world.clientId, userId: world.taxCollaborator.userId, serviceId: world.tax },
      { clientId: world.clientId, userId: world.bookkeepingCollaborator.userId, serviceId: world.bookkeeping },
      { clientId: world.clientId, userId: world.deactivatedCollaborator.userId, serviceId: world.tax },
    ]);
  side = notificationJobs(t, { now: () => clock });
});

describe('the service of each notification', () => {
  it('is written from the event: the object’s service, none for an announcement, a payment or a reminder', async () => {
    at('2030-05-20T14:00:00Z');
    await publish(
      requestCreated(1, world.tax),
      documentReceived(2, world.bookkeeping),
      {
        kind: NOTIFICATION_KIND.announcementAcknowledged,
        clientId: world.clientId,
        actorUserId: world.owner.userId,
        announcementId: 3,
        announcementTitle: 'New office hours',
      },
      {
        kind: NOTIFICATION_KIND.contractorFeePaid,
        clientId: world.clientId,
        actorUserId: null,
        paymentId: 4,
        taxYear: 2025,
      },
      reminder(world.taxCollaborator),
    );
    await run();
    const rows = await db()
      .select({ kind: notifications.kind, userId: notifications.recipientUserId, serviceId: notifications.serviceId })
      .from(notifications)
      .orderBy(asc(notifications.kind), asc(notifications.recipientUserId));
    const byKind = (kind: NotificationKind) =>
      rows.filter((row) => row.kind === kind).map(({ userId, serviceId }) => ({ userId, serviceId }));
    const people = (serviceId: number | null, ...who: Person[]) =>
      who.map((person) => ({ userId: person.userId, serviceId })).sort((a, b) => a.userId - b.userId);
    expect(byKind(NOTIFICATION_KIND.requestCreated)).toEqual(people(world.tax, world.owner, world.taxCollaborator));
    expect(byKind(NOTIFICATION_KIND.documentReceived)).toEqual(
      people(world.bookkeeping, world.owner, world.bookkeepingCollaborator),
    );
    expect(byKind(NOTIFICATION_KIND.announcementAcknowledged)).toEqual(people(null, world.advisor, world.follower));
    expect(byKind(NOTIFICATION_KIND.contractorFeePaid)).toEqual(people(null, world.advisor, world.follower));
    expect(byKind(NOTIFICATION_KIND.reminder)).toEqual(people(null, world.taxCollaborator));
  });
});

describe('the bell', () => {
  it('hides from a collaborator what a grant taken back had let them be told, in the list, the count and mark-read', async () => {
    at('2030-05-20T14:00:00Z');
    await publish(requestCreated(11, world.tax), reminder(world.taxCollaborator));
    await run();
    const told = await notificationOf(world.taxCollaborator, NOTIFICATION_KIND.requestCreated);
    expect(await bell(world.taxCollaborator)).toEqual({
      kinds: [NOTIFICATION_KIND.reminder, NOTIFICATION_KIND.requestCreated],
      totalCount: 2,
      unreadCount: 2,
    });

    await revoke(world.taxCollaborator, world.tax);
    // Another service granted instead does not cover it: the grant must be of its service.
    await grant(world.taxCollaborator, world.bookkeeping);
    // What has no service (the reminder) still shows: they keep the client.
    expect(await bell(world.taxCollaborator)).toEqual({
      kinds: [NOTIFICATION_KIND.reminder],
      totalCount: 1,
      unreadCount: 1,
    });
    const unread = await call(world.taxCollaborator.session, 'GET', `${ME}/notifications?unread=true`);
    expect(unread.json()).toMatchObject({ totalCount: 1, unreadCount: 1 });
    const markOne = await call(world.taxCollaborator.session, 'PUT', `${ME}/notifications/${told.id}/read`);
    expect(markOne.statusCode).toBe(404);
    const markAll = await call(world.taxCollaborator.session, 'PUT', `${ME}/notifications/read-all`);
    expect(markAll.json()).toEqual({ unreadCount: 0 });
    expect((await notificationOf(world.taxCollaborator, NOTIFICATION_KIND.requestCreated)).readAt).toBeNull();

    // The owner sees every service of their client, whoever holds which grant.
    expect(await bell(world.owner)).toEqual({
      kinds: [NOTIFICATION_KIND.requestCreated],
      totalCount: 1,
      unreadCount: 1,
    });

    // Granted again, it is back, still unread.
    await grant(world.taxCollaborator, world.tax);
    expect(await bell(world.taxCollaborator)).toEqual({
      kinds: [NOTIFICATION_KIND.reminder, NOTIFICATION_KIND.requestCreated],
      totalCount: 2,
      unreadCount: 1,
    });
    const marked = await call(world.taxCollaborator.session, 'PUT', `${ME}/notifications/${told.id}/read`);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ unreadCount: 0 });
  });
});

describe('e-mail', () => {
  it('a batch leaves out what a grant taken back had let a collaborator be told; granted again, it goes with the next', async () => {
    await grant(world.bookkeepingCollaborator, world.tax);
    at('2030-05-20T14:00:00Z');
    await publish(requestCreated(21, world.tax));
    await run();
    await revoke(world.bookkeepingCollaborator, world.tax);
    at('2030-05-20T14:10:00Z');
    await run();

    expect(await mailTo(world.bookkeepingCollaborator)).toEqual([]);
    expect(
      (await notificationOf(world.bookkeepingCollaborator, NOTIFICATION_KIND.requestCreated)).emailedAt,
    ).toBeNull();
    for (const person of [world.owner, world.taxCollaborator]) {
      const mails = await mailTo(person);
      expect(mails.map(listed)).toEqual([['Request 21']]);
    }

    await grant(world.bookkeepingCollaborator, world.tax);
    at('2030-05-20T14:12:00Z');
    await publish(requestCreated(22, world.tax));
    await run();
    at('2030-05-20T14:20:00Z');
    await run();
    expect((await mailTo(world.bookkeepingCollaborator)).map(listed)).toEqual([['Request 21', 'Request 22']]);
  });

  it('a digest leaves out what a grant taken back had let a collaborator be told', async () => {
    await grant(world.bookkeepingCollaborator, world.tax);
    at('2030-05-20T15:00:00Z'); // 11 a.m. in New York
    await publish(documentReceived(31, world.tax));
    await run();
    await revoke(world.bookkeepingCollaborator, world.tax);
    at('2030-05-21T12:00:00Z'); // 8 a.m., everyone's digest hour
    await side.email.sendDigests(clock);
    await run();

    expect(await mailTo(world.bookkeepingCollaborator)).toEqual([]);
    expect(
      (await notificationOf(world.bookkeepingCollaborator, NOTIFICATION_KIND.documentReceived)).emailedAt,
    ).toBeNull();
    for (const person of [world.owner, world.taxCollaborator]) {
      const mails = await mailTo(person);
      expect(mails.map(listed)).toEqual([['Document 31']]);
    }
  });
});

describe('migration 0036', () => {
  it('reads the service of an earlier notification back from its event key', async () => {
    const document = await createDocument(db(), t.app.storage, {
      clientId: world.clientId,
      serviceId: world.tax,
      creatorUserId: world.admin.userId,
    });
    const request = await insertRequest(db(), { clientId: world.clientId, serviceId: world.bookkeeping });
    const earlier = [
      { kind: NOTIFICATION_KIND.documentReceived, eventKey: `documentReceived:document:${document.id}` },
      { kind: NOTIFICATION_KIND.requestCreated, eventKey: `requestCreated:request:${request.id}` },
      {
        kind: NOTIFICATION_KIND.requestItemReturned,
        eventKey: `requestItemReturned:request-item:${request.itemIds[0]}:8d0c3c4e-0000-4000-8000-000000000000`,
      },
      // Its document is gone: it keeps no service.
      { kind: NOTIFICATION_KIND.documentReceived, eventKey: 'documentReceived:document:999999' },
      { kind: NOTIFICATION_KIND.reminder, eventKey: 'reminder:user:1:day:2030-05-20' },
    ];
    await db()
      .insert(notifications)
      .values(
        earlier.map(({ kind, eventKey }) => ({
          recipientUserId: world.owner.userId,
          kind,
          title: 'Earlier',
          link: null,
          clientId: world.clientId,
          actorUserId: null,
          eventKey,
          emailDelivery: 'inAppOnly' as const,
        })),
      );

    // The column was added when the test database was migrated; the backfill's statements run again.
    const backfill = readFileSync(MIGRATION, 'utf8')
      .split('--> statement-breakpoint')
      .filter((statement) => statement.includes('UPDATE "notifications"'));
    expect(backfill).toHaveLength(3);
    for (const statement of backfill) await db().execute(sql.raw(statement));

    const rows = await db()
      .select({ eventKey: notifications.eventKey, serviceId: notifications.serviceId })
      .from(notifications)
      .orderBy(asc(notifications.id));
    expect(rows.map((row) => row.serviceId)).toEqual([world.tax, world.bookkeeping, world.bookkeeping, null, null]);
  });
});
