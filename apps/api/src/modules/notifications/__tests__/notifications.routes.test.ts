import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CLIENT_NOTIFICATION_KINDS,
  ERROR_CODE,
  NOTIFICATION_KIND,
  STAFF_NOTIFICATION_KINDS,
  type NotificationKind,
} from '@ledgerport/shared';
import { auditEvents, clientFollowers, notificationPreferences, notifications } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { bearer, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { setUpNotificationWorld, type NotificationWorld } from './notifications-fixtures.js';

const ME = '/api/v1/identity/users/me';

let t: TestApp;
let world: NotificationWorld;

function call(
  session: SignedIn,
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return t.app.inject({ method, url, headers: { ...bearer(session), ...headers }, ...(payload ? { payload } : {}) });
}

let seq = 0;
/** A notification written straight to the table (the worker's output), `minutesAgo` old. */
async function notify(
  recipientUserId: number,
  { minutesAgo = 0, read = false, clientId = world.clientId as number | null, title = 'Something happened' } = {},
) {
  const [row] = await t.database.db
    .insert(notifications)
    .values({
      recipientUserId,
      kind: NOTIFICATION_KIND.documentUploaded as NotificationKind,
      title,
      link: '/received-docs',
      clientId,
      actorUserId: world.owner.userId,
      eventKey: `test:${++seq}`,
      emailDelivery: 'dailyDigest',
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
      readAt: read ? new Date() : null,
    })
    .returning({ id: notifications.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  await seedDemoFirm(t.database.db);
  world = await setUpNotificationWorld(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(notifications);
});

describe('GET identity/users/me/notifications', () => {
  it('lists only your own, newest first, paged, with the total and the unread count', async () => {
    const oldest = await notify(world.advisor.userId, { minutesAgo: 30, title: 'Oldest' });
    const read = await notify(world.advisor.userId, { minutesAgo: 20, read: true, title: 'Read' });
    const newest = await notify(world.advisor.userId, { minutesAgo: 10, title: 'Newest' });
    await notify(world.follower.userId, { title: 'Not yours' });

    const page = await call(world.advisor.session, 'GET', `${ME}/notifications?limit=2&offset=0`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ totalCount: 3, unreadCount: 2 });
    expect(page.json().items.map((item: { id: number }) => item.id)).toEqual([newest, read]);
    expect(page.json().items[0]).toEqual({
      id: newest,
      kind: NOTIFICATION_KIND.documentUploaded,
      title: 'Newest',
      link: '/received-docs',
      clientId: world.clientId,
      clientName: 'Acme LLC',
      actorName: expect.any(String),
      createdAt: expect.any(String),
      readAt: null,
    });
    const next = await call(world.advisor.session, 'GET', `${ME}/notifications?limit=2&offset=2`);
    expect(next.json().items.map((item: { id: number }) => item.id)).toEqual([oldest]);

    const unread = await call(world.advisor.session, 'GET', `${ME}/notifications?unread=true`);
    expect(unread.json()).toMatchObject({ totalCount: 2, unreadCount: 2 });
    expect(unread.json().items.map((item: { id: number }) => item.id)).toEqual([newest, oldest]);
  });

  it('hides what you were told about a client you can no longer see (a collaborator turned off)', async () => {
    await notify(world.deactivatedCollaborator.userId, { title: 'About Acme' });
    const mine = await notify(world.deactivatedCollaborator.userId, { clientId: null, title: 'About nobody' });
    const page = await call(world.deactivatedCollaborator.session, 'GET', `${ME}/notifications`);
    expect(page.json()).toMatchObject({ totalCount: 1, unreadCount: 1 });
    expect(page.json().items.map((item: { id: number }) => item.id)).toEqual([mine]);
  });
});

describe('PUT identity/users/me/notifications/{id}/read and read-all', () => {
  it('marks one read and answers the new count; again changes nothing', async () => {
    const first = await notify(world.owner.userId);
    await notify(world.owner.userId);
    const read = await call(world.owner.session, 'PUT', `${ME}/notifications/${first}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ unreadCount: 1 });
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, first));
    expect(row!.readAt).toBeInstanceOf(Date);
    const again = await call(world.owner.session, 'PUT', `${ME}/notifications/${first}/read`);
    expect(again.json()).toEqual({ unreadCount: 1 });
    const [same] = await t.database.db.select().from(notifications).where(eq(notifications.id, first));
    expect(same!.readAt).toEqual(row!.readAt);
  });

  it("answers 404 for someone else's notification, as for one that does not exist, and leaves it unread", async () => {
    const theirs = await notify(world.advisor.userId);
    const response = await call(world.owner.session, 'PUT', `${ME}/notifications/${theirs}/read`);
    expect(response.statusCode).toBe(404);
    const missing = await call(world.owner.session, 'PUT', `${ME}/notifications/999999/read`);
    expect(missing.statusCode).toBe(404);
    expect(response.json().error.message).toBe(missing.json().error.message);
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, theirs));
    expect(row!.readAt).toBeNull();
  });

  it('marks all of yours read, and only yours', async () => {
    await notify(world.owner.userId);
    await notify(world.owner.userId);
    const theirs = await notify(world.advisor.userId);
    const response = await call(world.owner.session, 'PUT', `${ME}/notifications/read-all`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ unreadCount: 0 });
    const list = await call(world.owner.session, 'GET', `${ME}/notifications?unread=true`);
    expect(list.json()).toMatchObject({ totalCount: 0, unreadCount: 0 });
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, theirs));
    expect(row!.readAt).toBeNull();
  });
});

describe('GET/PUT identity/users/me/notification-preferences', () => {
  const PREFS = `${ME}/notification-preferences`;

  it('answers the kinds the person can receive, with the defaults, until they choose', async () => {
    const staff = await call(world.advisor.session, 'GET', PREFS);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers.etag).toBe('"0"');
    expect(staff.json()).toEqual({
      kinds: STAFF_NOTIFICATION_KINDS.map((kind) => ({ kind, delivery: 'dailyDigest' })),
      digestHour: 8,
      version: '0',
    });
    const client = await call(world.owner.session, 'GET', PREFS);
    expect(client.json().kinds).toEqual([
      { kind: NOTIFICATION_KIND.requestCreated, delivery: 'immediately' },
      { kind: NOTIFICATION_KIND.requestItemReturned, delivery: 'immediately' },
      { kind: NOTIFICATION_KIND.documentReceived, delivery: 'dailyDigest' },
      { kind: NOTIFICATION_KIND.reminder, delivery: 'immediately' },
      { kind: NOTIFICATION_KIND.messageReceived, delivery: 'immediately' },
      { kind: NOTIFICATION_KIND.bankConnectionNeedsAction, delivery: 'immediately' },
      { kind: NOTIFICATION_KIND.transactionQuestionsAsked, delivery: 'immediately' },
      { kind: NOTIFICATION_KIND.transactionQuestionsReminder, delivery: 'immediately' },
    ]);
    expect(client.json().kinds.map((k: { kind: string }) => k.kind)).toEqual([...CLIENT_NOTIFICATION_KINDS]);
  });

  it('saves the choices (kinds left out take their default), audits the change, and refuses a stale version with 412', async () => {
    const loaded = await call(world.follower.session, 'GET', PREFS);
    const saved = await call(
      world.follower.session,
      'PUT',
      PREFS,
      {
        kinds: [
          { kind: NOTIFICATION_KIND.documentUploaded, delivery: 'immediately' },
          { kind: NOTIFICATION_KIND.contractorFeePaid, delivery: 'inAppOnly' },
        ],
        digestHour: 17,
      },
      { 'if-match': loaded.headers.etag as string },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).toBe(`"${saved.json().version}"`);
    expect(saved.json().version).not.toBe('0');
    expect(saved.json().digestHour).toBe(17);
    expect(saved.json().kinds).toContainEqual({ kind: NOTIFICATION_KIND.documentUploaded, delivery: 'immediately' });
    expect(saved.json().kinds).toContainEqual({ kind: NOTIFICATION_KIND.contractorFeePaid, delivery: 'inAppOnly' });
    expect(saved.json().kinds).toContainEqual({ kind: NOTIFICATION_KIND.requestCompleted, delivery: 'dailyDigest' });
    expect((await call(world.follower.session, 'GET', PREFS)).json()).toEqual(saved.json());

    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'notification-preferences.changed'),
          eq(auditEvents.objectId, String(world.follower.userId)),
        ),
      );
    expect(event).toMatchObject({
      actorUserId: world.follower.userId,
      objectType: 'notification-preferences',
      details: {
        documentUploaded: { from: 'dailyDigest', to: 'immediately' },
        contractorFeePaid: { from: 'dailyDigest', to: 'inAppOnly' },
        digestHour: { from: 8, to: 17 },
      },
    });

    // Another tab still holds the first version.
    const stale = await call(
      world.follower.session,
      'PUT',
      PREFS,
      { kinds: [], digestHour: 6 },
      { 'if-match': loaded.headers.etag as string },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().error.code).toBe(ERROR_CODE.staleVersion);
    expect(stale.json().error.details).toMatchObject({ currentVersion: saved.json().version });
    expect(stale.json().error.details.changedBy.id).toBe(world.follower.userId);
    expect((await call(world.follower.session, 'GET', PREFS)).json().digestHour).toBe(17);
  });

  it('refuses a kind the person cannot receive, or one listed twice', async () => {
    const clientAsksForStaffKind = await call(world.owner.session, 'PUT', PREFS, {
      kinds: [{ kind: NOTIFICATION_KIND.documentUploaded, delivery: 'immediately' }],
      digestHour: 8,
    });
    expect(clientAsksForStaffKind.statusCode).toBe(400);
    expect(clientAsksForStaffKind.json().error.details).toEqual([
      { in: 'body', field: 'kinds.0.kind', message: 'You do not receive this kind of notification.' },
    ]);
    const twice = await call(world.owner.session, 'PUT', PREFS, {
      kinds: [
        { kind: NOTIFICATION_KIND.reminder, delivery: 'immediately' },
        { kind: NOTIFICATION_KIND.reminder, delivery: 'inAppOnly' },
      ],
      digestHour: 8,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.details[0].field).toBe('kinds.1.kind');
    const badHour = await call(world.owner.session, 'PUT', PREFS, { kinds: [], digestHour: 24 });
    expect(badHour.statusCode).toBe(400);
    const stored = await t.database.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, world.owner.userId));
    expect(stored).toEqual([]);
  });
});

describe('GET/PUT/DELETE document/clients/{id}/follow', () => {
  const follow = (id: number) => `/api/v1/document/clients/${id}/follow`;

  it('follows and stops following, each twice without harm', async () => {
    const me = world.outsiderStaff;
    expect((await call(me.session, 'GET', follow(world.clientId))).json()).toEqual({ following: false });
    for (let i = 0; i < 2; i++) {
      const response = await call(me.session, 'PUT', follow(world.clientId));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ following: true });
    }
    expect((await call(me.session, 'GET', follow(world.clientId))).json()).toEqual({ following: true });
    const rows = await t.database.db.select().from(clientFollowers).where(eq(clientFollowers.userId, me.userId));
    expect(rows).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      const response = await call(me.session, 'DELETE', follow(world.clientId));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ following: false });
    }
    expect((await call(me.session, 'GET', follow(world.clientId))).json()).toEqual({ following: false });
  });

  it('answers 404 for a client that does not exist and 403 for client users', async () => {
    expect((await call(world.outsiderStaff.session, 'PUT', follow(999_999))).statusCode).toBe(404);
    expect((await call(world.outsiderStaff.session, 'GET', follow(999_999))).statusCode).toBe(404);
    expect((await call(world.owner.session, 'PUT', follow(world.clientId))).statusCode).toBe(403);
  });
});
