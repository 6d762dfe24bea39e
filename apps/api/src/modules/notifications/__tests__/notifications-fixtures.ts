import type { FastifyBaseLogger } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import type { NotificationKind } from '@ledgerport/shared';
import type { Db } from '../../../db/client.js';
import {
  clientCollaborators,
  clientCollaboratorServices,
  clientFollowers,
  clients,
  clientServices,
  notifications,
  services,
  users,
} from '../../../db/schema/index.js';
import { createJobQueue } from '../../../lib/jobs/job-queue.js';
import { createWorker } from '../../../lib/jobs/worker.js';
import { chooseCurrentClient, createClient, createUser } from '../../../testing/factories.js';
import { signIn, type SignedIn } from '../../../testing/session.js';
import type { TestApp } from '../../../testing/test-app.js';
import type { MailService } from '../../mail/index.js';
import { MAIL_JOB } from '../../mail/mail.service.js';
import { NOTIFICATION_JOB } from '../notification-events.js';
import { createNotificationMailRepository } from '../notification-mail.repository.js';
import {
  createNotificationMailService,
  NOTIFICATION_BATCH_JOB,
  NOTIFICATION_DIGESTS_JOB,
} from '../notification-mail.service.js';
import { createNotificationPreferencesRepository } from '../notification-preferences.repository.js';
import { createNotificationsRepository } from '../notifications.repository.js';
import { createNotificationsService } from '../notifications.service.js';

export interface Person {
  userId: number;
  session: SignedIn;
}

/**
 * A client (Acme LLC, Tax and Bookkeeping) with everyone who may or may not hear of it:
 * - the firm: its advisor, a staff member who follows it, one who neither advises nor follows it;
 * - its people: the owner, a collaborator granted Tax, one granted Bookkeeping only, and one granted
 *   Tax whose access the owner turned off;
 * - another client's owner.
 */
export interface NotificationWorld {
  clientId: number;
  clientName: string;
  tax: number;
  bookkeeping: number;
  admin: Person;
  advisor: Person;
  follower: Person;
  outsiderStaff: Person;
  owner: Person;
  taxCollaborator: Person;
  bookkeepingCollaborator: Person;
  deactivatedCollaborator: Person;
  ownerB: Person;
  clientB: number;
}

async function serviceId(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: services.id }).from(services).where(eq(services.name, name));
  return row!.id;
}

async function person(t: TestApp, user: { id: number; username: string; password: string }): Promise<Person> {
  return { userId: user.id, session: await signIn(t.app, user.username, user.password) };
}

/** Expects the demo firm to be seeded (seedDemoFirm). */
export async function setUpNotificationWorld(t: TestApp, clientName = 'Acme LLC'): Promise<NotificationWorld> {
  const db = t.database.db;
  const tax = await serviceId(db, 'tax');
  const bookkeeping = await serviceId(db, 'bookkeeping');
  const advisor = await createUser(db, { role: 'advisor' });
  const follower = await createUser(db, { role: 'employee' });
  const outsiderStaff = await createUser(db, { role: 'employee' });
  const owner = await createUser(db, { role: 'client' });
  const taxCollaborator = await createUser(db, { role: 'client' });
  const bookkeepingCollaborator = await createUser(db, { role: 'client' });
  const deactivatedCollaborator = await createUser(db, { role: 'client' });
  const ownerB = await createUser(db, { role: 'client' });
  const client = await createClient(db, {
    ownerUserId: owner.id,
    name: clientName,
    collaboratorUserIds: [taxCollaborator.id, bookkeepingCollaborator.id, deactivatedCollaborator.id],
  });
  const clientB = await createClient(db, { ownerUserId: ownerB.id });
  await db.update(clients).set({ advisorUserId: advisor.id }).where(eq(clients.id, client.id));
  await db.insert(clientServices).values([
    { clientId: client.id, serviceId: tax },
    { clientId: client.id, serviceId: bookkeeping },
    { clientId: clientB.id, serviceId: tax },
  ]);
  await db.insert(clientCollaboratorServices).values([
    { clientId: client.id, userId: taxCollaborator.id, serviceId: tax },
    { clientId: client.id, userId: bookkeepingCollaborator.id, serviceId: bookkeeping },
    { clientId: client.id, userId: deactivatedCollaborator.id, serviceId: tax },
  ]);
  await db
    .update(clientCollaborators)
    .set({ isActive: false })
    .where(eq(clientCollaborators.userId, deactivatedCollaborator.id));
  await db.insert(clientFollowers).values({ clientId: client.id, userId: follower.id });
  for (const [userId, clientId] of [
    [owner.id, client.id],
    [taxCollaborator.id, client.id],
    [bookkeepingCollaborator.id, client.id],
    [deactivatedCollaborator.id, client.id],
    [ownerB.id, clientB.id],
  ] as const) {
    await chooseCurrentClient(db, userId, clientId);
  }
  const [adminRow] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'b1g1_admin'));
  return {
    clientId: client.id,
    clientName,
    tax,
    bookkeeping,
    admin: { userId: adminRow!.id, session: await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1') },
    advisor: await person(t, advisor),
    follower: await person(t, follower),
    outsiderStaff: await person(t, outsiderStaff),
    owner: await person(t, owner),
    taxCollaborator: await person(t, taxCollaborator),
    bookkeepingCollaborator: await person(t, bookkeepingCollaborator),
    deactivatedCollaborator: await person(t, deactivatedCollaborator),
    ownerB: await person(t, ownerB),
    clientB: clientB.id,
  };
}

/** Everyone of the world, by name, for "who heard of it" assertions. */
export function everyone(world: NotificationWorld): Record<string, Person> {
  const { admin, advisor, follower, outsiderStaff, owner, taxCollaborator, bookkeepingCollaborator } = world;
  const { deactivatedCollaborator, ownerB } = world;
  return {
    admin,
    advisor,
    follower,
    outsiderStaff,
    owner,
    taxCollaborator,
    bookkeepingCollaborator,
    deactivatedCollaborator,
    ownerB,
  };
}

/** The notifications stored for each person of the world (by name), oldest first. */
export async function storedFor(db: Db, world: NotificationWorld) {
  const found: Record<string, Array<{ kind: NotificationKind; title: string; link: string | null }>> = {};
  for (const [name, { userId }] of Object.entries(everyone(world))) {
    const rows = await db
      .select({ kind: notifications.kind, title: notifications.title, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.recipientUserId, userId))
      .orderBy(asc(notifications.id));
    if (rows.length > 0) found[name] = rows;
  }
  return found;
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The module's job side as notifications.module.ts builds it, on a clock of the test's own: the
 * notifications service (the deliver job), the e-mail service (batches and digests), a queue whose
 * jobs fall due on that clock, and a worker running those jobs and the outbox's deliveries. Mail goes
 * through the app's outbox (to its SMTP server, if it has one). `dueNow`, when given, is the clock
 * jobs fall due by (the database's, in production) apart from the services' own (the process's).
 */
export function notificationJobs(
  t: TestApp,
  {
    now = () => new Date(),
    dueNow = now,
    batchMinutes = 10,
    zone = 'America/New_York',
    mail = t.app.mail,
    logger = silent,
  }: {
    now?: () => Date;
    dueNow?: () => Date;
    batchMinutes?: number;
    zone?: string;
    /** The outbox the e-mails are queued in: the app's, or one that fails on purpose. */
    mail?: Pick<MailService, 'queue'>;
    logger?: Pick<FastifyBaseLogger, 'error'>;
  } = {},
) {
  const db = t.database.db;
  const queue = createJobQueue({ db, now: dueNow });
  const email = createNotificationMailService({
    db,
    repository: createNotificationMailRepository({ db }),
    mail,
    queue,
    batchMinutes,
    timeZone: async () => zone,
    logger,
    now,
  });
  const notifications = createNotificationsService({
    db,
    repository: createNotificationsRepository({ db }),
    preferences: createNotificationPreferencesRepository({ db }),
    batches: email,
    now,
  });
  const worker = createWorker({
    queue,
    logger: silent,
    handlers: {
      [NOTIFICATION_JOB]: (payload) => notifications.deliver(payload),
      [NOTIFICATION_BATCH_JOB]: async (payload) => void (await email.sendBatch(payload)),
      [NOTIFICATION_DIGESTS_JOB]: (payload) => email.runDigestsJob(payload),
      [MAIL_JOB]: t.app.mail.deliver,
    },
  });
  return { queue, email, notifications, worker };
}
