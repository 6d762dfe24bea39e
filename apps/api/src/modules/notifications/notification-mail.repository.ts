import { and, asc, eq, exists, inArray, isNull, max, sql } from 'drizzle-orm';
import { DEFAULT_DIGEST_HOUR, NOTIFICATION_DELIVERY, ROLE_NAME, type NotificationDelivery } from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  clients,
  notificationMails,
  notificationPreferences,
  notifications,
  roles,
  userRoles,
  users,
} from '../../db/schema/index.js';
import { recipientScopeCondition, type RecipientScope } from './notification-scope.js';

/** The e-mails of this module: a batch of immediate notifications, a daily digest. ('reminder' is the requests module's.) */
export type NotificationMailKind = 'batch' | 'digest';

/**
 * First key of the advisory lock on one person's immediate e-mail (the second is their id): arbitrary,
 * fixed, and in the two-key space, which no other lock of the application uses.
 */
const BATCH_LOCK_CLASS = 22_003;

/** A person's digest hour, their choice or the default. */
const digestHourOf = sql<number>`coalesce(${notificationPreferences.digestHour}, ${DEFAULT_DIGEST_HOUR})`;

export type NotificationMailRepository = ReturnType<typeof createNotificationMailRepository>;

/** An hour of a firm day on the firm's clock: a digest run's, or the hour before which a digest lists. */
export interface FirmHour {
  zone: string;
  /** YYYY-MM-DD */
  day: string;
  hour: number;
}

/**
 * The e-mail side of notifications (docs/notifications.md#e-mail): what waits to be e-mailed, the
 * claim row of each e-mail (notification_mails), and the lock that keeps a person's new immediate
 * notifications and their batch apart.
 */
export function createNotificationMailRepository({ db }: { db: DbOrTx }) {
  return {
    /**
     * Serialises, until `tx` ends, everything that touches one person's immediate e-mail: the job
     * writing their new notifications and the batch that sends them. So a batch never misses a
     * notification committed while it ran, and a notification never joins a batch already sent.
     */
    async lockImmediate(userId: number, tx: DbOrTx): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(${BATCH_LOCK_CLASS}, ${userId})`);
    },

    /** The start of the person's latest batch window already claimed (ISO instant), or null. */
    async latestBatch(userId: number, tx: DbOrTx = db): Promise<string | null> {
      const [row] = await tx
        .select({ period: max(notificationMails.period) })
        .from(notificationMails)
        .where(and(eq(notificationMails.userId, userId), eq(notificationMails.kind, 'batch')));
      return row?.period ?? null;
    },

    /**
     * Claims one e-mail: null when it is claimed already (by an earlier run, or by another that
     * committed while this one waited on the unique index).
     */
    async claim(userId: number, kind: NotificationMailKind, period: string, tx: DbOrTx): Promise<number | null> {
      const [row] = await tx
        .insert(notificationMails)
        .values({ userId, kind, period })
        .onConflictDoNothing({ target: [notificationMails.userId, notificationMails.kind, notificationMails.period] })
        .returning({ id: notificationMails.id });
      return row?.id ?? null;
    },

    async setClaimMail(claimId: number, mailId: number, tx: DbOrTx): Promise<void> {
      await tx.update(notificationMails).set({ mailId }).where(eq(notificationMails.id, claimId));
    },

    /** Who an e-mail goes to: their name and address, whether they may still get one, their digest hour. */
    async person(userId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          userId: users.id,
          firstName: users.firstName,
          emailAddress: users.emailAddress,
          isActive: users.isActive,
          isClient: exists(
            tx
              .select({ one: userRoles.userId })
              .from(userRoles)
              .innerJoin(roles, eq(roles.id, userRoles.roleId))
              .where(and(eq(userRoles.userId, users.id), eq(roles.name, ROLE_NAME.client))),
          ).mapWith(Boolean),
          digestHour: digestHourOf,
        })
        .from(users)
        .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
        .where(eq(users.id, userId));
      return row ?? null;
    },

    /**
     * What waits to be e-mailed to the person by one delivery, oldest first: not yet e-mailed, and
     * still theirs to see (the bell's scope: a client they lost access to is left out). A digest takes
     * what was made before its hour on its firm day (`before`, a wall-clock time in `zone`).
     * The rows are locked, so a second sender waits and then finds them e-mailed.
     */
    async pending(
      scope: RecipientScope,
      delivery: Exclude<NotificationDelivery, 'inAppOnly'>,
      before: FirmHour | null,
      tx: DbOrTx,
    ) {
      return tx
        .select({
          id: notifications.id,
          title: notifications.title,
          link: notifications.link,
          clientName: clients.name,
        })
        .from(notifications)
        .leftJoin(clients, eq(clients.id, notifications.clientId))
        .where(
          and(
            recipientScopeCondition(tx, scope),
            eq(notifications.emailDelivery, delivery),
            isNull(notifications.emailedAt),
            before === null
              ? undefined
              : sql`(${notifications.createdAt} at time zone ${before.zone}) < (${before.day}::date + make_interval(hours => ${before.hour}))`,
          ),
        )
        .orderBy(asc(notifications.createdAt), asc(notifications.id))
        .for('update', { of: notifications });
    },

    async markEmailed(ids: readonly number[], at: Date, tx: DbOrTx): Promise<void> {
      if (ids.length === 0) return;
      await tx
        .update(notifications)
        .set({ emailedAt: at })
        .where(and(inArray(notifications.id, [...ids]), isNull(notifications.emailedAt)));
    },

    /**
     * The people due their digest of `day` at `hour` (both in `zone`): whose digest hour has come
     * (the default hour without preferences), who have a digest notification made before it and not
     * yet e-mailed, and whose digest of the day is not claimed. An hour missed (a worker down) is
     * caught up by any later run of the same day.
     */
    async dueDigests(at: FirmHour, tx: DbOrTx = db): Promise<number[]> {
      const rows = await tx
        .selectDistinct({ userId: notifications.recipientUserId })
        .from(notifications)
        .leftJoin(notificationPreferences, eq(notificationPreferences.userId, notifications.recipientUserId))
        .where(
          and(
            eq(notifications.emailDelivery, NOTIFICATION_DELIVERY.dailyDigest),
            isNull(notifications.emailedAt),
            sql`${digestHourOf} <= ${at.hour}`,
            sql`(${notifications.createdAt} at time zone ${at.zone}) < (${at.day}::date + make_interval(hours => ${digestHourOf}))`,
            sql`not exists (select 1 from ${notificationMails} where ${notificationMails.userId} = ${notifications.recipientUserId}
              and ${notificationMails.kind} = 'digest' and ${notificationMails.period} = ${at.day})`,
          ),
        )
        .orderBy(asc(notifications.recipientUserId));
      return rows.map((row) => row.userId);
    },
  };
}
