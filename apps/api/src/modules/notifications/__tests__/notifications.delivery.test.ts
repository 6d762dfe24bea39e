import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { NOTIFICATION_KIND } from '@ledgerport/shared';
import {
  clientCollaborators,
  clients,
  jobs,
  notifications,
  rolePermissions,
  roles,
  userRoles,
} from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { buildApp, type App } from '../../../app.js';
import { createJobQueue } from '../../../lib/jobs/job-queue.js';
import { createClient } from '../../../testing/factories.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { createNotificationPublisher, type NotificationEvent } from '../index.js';
import { NOTIFICATION_JOB } from '../notification-events.js';
import { notificationJobs, setUpNotificationWorld, type NotificationWorld } from './notifications-fixtures.js';

/*
 * Exactly once (issue 22 item 5; docs/notifications.md): an event's notifications are made by the job
 * worker, keyed by recipient and event, so a job that runs again (a crash after its work, a lease that
 * lapsed), an event published twice, or two workers on one database never make one twice, and a
 * rolled-back action makes none.
 */

let t: TestApp;
let world: NotificationWorld;

const db = () => t.database.db;
const publisher = () => createNotificationPublisher(createJobQueue({ db: db() }));

function requestCreated(requestId: number): NotificationEvent {
  return {
    kind: NOTIFICATION_KIND.requestCreated,
    clientId: world.clientId,
    serviceId: world.tax,
    actorUserId: world.admin.userId,
    requestId,
    requestTitle: `Request ${requestId}`,
    requestCreatorUserId: world.admin.userId,
  };
}

function itemSubmitted(itemId: number, requestCreatorUserId: number | null = null): NotificationEvent {
  return {
    kind: NOTIFICATION_KIND.requestItemSubmitted,
    clientId: world.clientId,
    serviceId: world.tax,
    actorUserId: world.owner.userId,
    requestId: 1,
    requestTitle: 'Taxes',
    requestCreatorUserId,
    itemId,
    itemTitle: 'W-2',
    fileCount: null,
  };
}

async function publish(...events: NotificationEvent[]): Promise<void> {
  await db().transaction(async (tx) => {
    for (const event of events) await publisher().publish(event, tx);
  });
}

/** Rows per recipient and event key: every value must be 1. */
async function copies() {
  return db()
    .select({ recipient: notifications.recipientUserId, key: notifications.eventKey, n: count() })
    .from(notifications)
    .groupBy(notifications.recipientUserId, notifications.eventKey);
}

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  await seedDemoFirm(t.database.db);
  world = await setUpNotificationWorld(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.worker.drain();
  await db().delete(notifications);
});

describe('exactly once', () => {
  it('a job run again after it finished (a crash before its completion was recorded) adds nothing', async () => {
    await publish(requestCreated(101));
    expect(await t.app.worker.drain()).toBe(1);
    expect(await db().select().from(notifications)).toHaveLength(2);
    // The worker died between the work and marking the job done: the job is due again.
    await db()
      .update(jobs)
      .set({ status: 'pending', runAt: sql`now()`, lockedAt: null })
      .where(eq(jobs.type, NOTIFICATION_JOB));
    expect(await t.app.worker.drain()).toBeGreaterThan(0);
    expect(await db().select().from(notifications)).toHaveLength(2);
    expect((await copies()).every((row) => row.n === 1)).toBe(true);
  });

  it('an event published twice is one job and one notification each', async () => {
    await publish(requestCreated(102));
    await publish(requestCreated(102));
    const queued = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, NOTIFICATION_JOB), eq(jobs.dedupeKey, 'notification:requestCreated:request:102')));
    expect(queued).toHaveLength(1);
    await t.app.worker.drain();
    expect(await db().select().from(notifications)).toHaveLength(2);
  });

  it('the same job handled twice at once (a lapsed lease) writes each notification once', async () => {
    const service = notificationJobs(t).notifications;
    await publish(itemSubmitted(7));
    const [job] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, NOTIFICATION_JOB), eq(jobs.status, 'pending')));
    await Promise.all([service.deliver(job!.payload), service.deliver(job!.payload), service.deliver(job!.payload)]);
    const rows = await db().select().from(notifications);
    // The advisor and the follower; the owner acted.
    expect(rows.map((row) => row.recipientUserId).sort()).toEqual([world.advisor.userId, world.follower.userId].sort());
  });

  it('two workers on one database share 30 events and make each notification once', async () => {
    const second: App = await buildApp({ database: t.database, config: t.config, logger: false });
    try {
      await second.ready();
      const events = Array.from({ length: 15 }, (_, i) => [requestCreated(200 + i), itemSubmitted(300 + i)]).flat();
      await publish(...events);
      const [first, other] = await Promise.all([t.app.worker.drain(), second.worker.drain()]);
      expect(first + other).toBeGreaterThanOrEqual(30);
      // Each request: owner and Tax collaborator; each item: advisor and follower.
      expect(await db().select({ n: count() }).from(notifications)).toEqual([{ n: 60 }]);
      expect((await copies()).every((row) => row.n === 1)).toBe(true);
      const done = await db()
        .select({ n: count() })
        .from(jobs)
        .where(and(eq(jobs.type, NOTIFICATION_JOB), eq(jobs.status, 'done')));
      expect(done[0]!.n).toBeGreaterThanOrEqual(30);
    } finally {
      await second.close();
    }
  });

  it('an action that rolls back queues nothing, so nobody is told', async () => {
    await db()
      .transaction(async (tx) => {
        await publisher().publish(requestCreated(400), tx);
        throw new Error('the action failed after publishing');
      })
      .catch(() => undefined);
    expect(await t.app.worker.drain()).toBe(0);
    expect(await db().select().from(notifications)).toEqual([]);
  });
});

describe('recipients when the job runs', () => {
  it('are read when the worker runs: a collaborator turned off meanwhile is not told', async () => {
    await publish(requestCreated(500));
    await db()
      .update(clientCollaborators)
      .set({ isActive: false })
      .where(eq(clientCollaborators.userId, world.taxCollaborator.userId));
    try {
      await t.app.worker.drain();
      const rows = await db().select().from(notifications);
      expect(rows.map((row) => row.recipientUserId)).toEqual([world.owner.userId]);
    } finally {
      await db()
        .update(clientCollaborators)
        .set({ isActive: true })
        .where(eq(clientCollaborators.userId, world.taxCollaborator.userId));
    }
  });

  it('a follower and a request’s creator whose role no longer sees clients are not told', async () => {
    // The outside staff member created the request: told of its answers beside the advisor and the follower.
    const answered = (itemId: number) => itemSubmitted(itemId, world.outsiderStaff.userId);
    await publish(answered(701));
    await t.app.worker.drain();
    const told = async (itemId: number) =>
      (await db().select().from(notifications))
        .filter((row) => row.eventKey.startsWith(`requestItemSubmitted:request-item:${itemId}:`))
        .map((row) => row.recipientUserId)
        .sort();
    const staff = [world.advisor.userId, world.follower.userId, world.outsiderStaff.userId];
    expect(await told(701)).toEqual([...staff].sort());

    // Both move to a role of the firm that does not hold client:list.
    const [role] = await db()
      .insert(roles)
      .values({ name: 'no-clients', displayName: 'No clients' })
      .returning({ id: roles.id });
    await db().insert(rolePermissions).values({ roleId: role!.id, permission: 'user:list' });
    const moved = [world.follower.userId, world.outsiderStaff.userId];
    const before = await db().select().from(userRoles).where(inArray(userRoles.userId, moved));
    await db().delete(userRoles).where(inArray(userRoles.userId, moved));
    await db()
      .insert(userRoles)
      .values(moved.map((userId) => ({ userId, roleId: role!.id })));
    try {
      await publish(answered(702));
      await t.app.worker.drain();
      expect(await told(702)).toEqual([world.advisor.userId]);
    } finally {
      await db().delete(userRoles).where(inArray(userRoles.userId, moved));
      await db().insert(userRoles).values(before);
      await db().delete(roles).where(eq(roles.id, role!.id));
    }
  });

  it('a client deleted before the job runs: nobody is told, and the job is done', async () => {
    const gone = await createClient(db(), { ownerUserId: world.ownerB.userId });
    await publish({ ...requestCreated(600), clientId: gone.id });
    await db().delete(clients).where(eq(clients.id, gone.id));
    await t.app.worker.drain();
    expect(await db().select().from(notifications)).toEqual([]);
    const failed = await db().select().from(jobs).where(eq(jobs.status, 'failed'));
    expect(failed).toEqual([]);
  });
});
