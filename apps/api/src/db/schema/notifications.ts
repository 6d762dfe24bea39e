import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { NotificationDelivery, NotificationKind } from '@ledgerport/shared';
import { clients } from './clients.js';
import { users } from './identity.js';
import { services } from './organisation.js';

/**
 * One line in one person's bell (issue 22; docs/notifications.md). Written only by the job worker,
 * once per recipient and event: `event_key` names the event, and the unique index on it with the
 * recipient turns a retried or doubled job into a no-op. The title is written once, for the panel and
 * the e-mail alike, and holds no secret (no SSN, bank number or e-mail address).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    recipientUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** NOTIFICATION_KIND. */
    kind: text().$type<NotificationKind>().notNull(),
    title: text().notNull(),
    /** The web app's path of the object ("/requests/12"), or null. */
    link: text(),
    /** A deleted client takes its notifications with it: nothing may point at what is gone. */
    clientId: integer().references(() => clients.id, { onDelete: 'cascade' }),
    /**
     * The service of what it tells of (a request's, a document's); null when it has none (an
     * announcement, a payment). A client's collaborator is told, listed and e-mailed only what their
     * grants cover. A service deleted (only once nothing of a client uses it) takes its
     * notifications with it, rather than refusing the delete or leaving them to every collaborator.
     */
    serviceId: integer().references(() => services.id, { onDelete: 'cascade' }),
    /** Who did it; null for the system (a schedule's request, a reminder). */
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    eventKey: text().notNull(),
    /** NOTIFICATION_DELIVERY, chosen from the recipient's preferences when the notification is made. */
    emailDelivery: text().$type<NotificationDelivery>().notNull(),
    /** When its e-mail (immediate batch or digest) went out; null until then, and forever for inAppOnly. */
    emailedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_recipient_event_key').on(t.recipientUserId, t.eventKey),
    // The panel: one person's notifications, newest first.
    index('notifications_recipient_created_idx').on(t.recipientUserId, t.createdAt.desc(), t.id.desc()),
    // The unread count and the unread filter: small, since people read their notifications.
    index('notifications_recipient_unread_idx')
      .on(t.recipientUserId, t.createdAt.desc())
      .where(sql`${t.readAt} is null`),
    // The e-mail side: what still waits to be sent, by delivery.
    index('notifications_email_pending_idx')
      .on(t.emailDelivery, t.recipientUserId, t.createdAt)
      .where(sql`${t.emailedAt} is null and ${t.emailDelivery} <> 'inAppOnly'`),
    index('notifications_client_idx').on(t.clientId),
    check('notifications_email_delivery', sql`${t.emailDelivery} in ('immediately', 'dailyDigest', 'inAppOnly')`),
  ],
);

/**
 * A person's e-mail choices: per kind (kinds they have not chosen take `defaultDelivery`) and the
 * hour of their daily digest in the firm's time zone. No row until the first save. Its version is the
 * row's xmin (lib/row-version.ts).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    deliveries: jsonb().$type<Partial<Record<NotificationKind, NotificationDelivery>>>().notNull().default({}),
    digestHour: smallint().notNull().default(8),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('notification_preferences_digest_hour', sql`${t.digestHour} between 0 and 23`)],
);

/** A staff member who follows a client hears of what its people do, beside the client's advisor. */
export const clientFollowers = pgTable(
  'client_followers',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.userId] }), index('client_followers_user_idx').on(t.userId)],
);

/**
 * One e-mail to one person: a batch of immediate notifications, a daily digest, or a day's request
 * reminder (issue 22 items 3 to 5). The job claims the row in the transaction that writes the mail to
 * the outbox and marks what it lists, so a retried, doubled or killed run sends nothing twice and
 * loses nothing: the unique (user, kind, period) is the claim. `period`: the batch window's start (an
 * ISO instant) or the firm day (YYYY-MM-DD) of a digest or a reminder; a client user gets at most one
 * reminder a day, whoever or whatever asked for it.
 */
export const notificationMails = pgTable(
  'notification_mails',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'batch' | 'digest' | 'reminder' */
    kind: text().$type<'batch' | 'digest' | 'reminder'>().notNull(),
    period: text().notNull(),
    /** The outbox message (mail_messages.id), once queued; null when there was nothing to send. */
    mailId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_mails_user_kind_period_key').on(t.userId, t.kind, t.period),
    check('notification_mails_kind', sql`${t.kind} in ('batch', 'digest', 'reminder')`),
  ],
);
