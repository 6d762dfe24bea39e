import { eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_DIGEST_HOUR, type NotificationDelivery, type NotificationKind } from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import { notificationPreferences } from '../../db/schema/index.js';
import { assertCurrentVersion, rowVersion } from '../../lib/row-version.js';

/** The version of a person's preferences before their first save (there is no row yet). */
export const UNSAVED_PREFERENCES_VERSION = '0';
export const PREFERENCES_OBJECT_TYPE = 'notification-preferences';

export type Deliveries = Partial<Record<NotificationKind, NotificationDelivery>>;

export interface StoredPreferences {
  deliveries: Deliveries;
  digestHour: number;
  version: string;
}

export type NotificationPreferencesRepository = ReturnType<typeof createNotificationPreferencesRepository>;

/** One row per person who has saved their choices; everyone else has the defaults. */
export function createNotificationPreferencesRepository({ db }: { db: DbOrTx }) {
  return {
    async find(userId: number, tx: DbOrTx = db): Promise<StoredPreferences> {
      const [row] = await tx
        .select({
          deliveries: notificationPreferences.deliveries,
          digestHour: notificationPreferences.digestHour,
          version: rowVersion(notificationPreferences),
        })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
      return row ?? { deliveries: {}, digestHour: DEFAULT_DIGEST_HOUR, version: UNSAVED_PREFERENCES_VERSION };
    },

    /** The chosen deliveries of several people (the job worker, choosing each recipient's). */
    async deliveriesOf(userIds: readonly number[], tx: DbOrTx = db): Promise<Map<number, Deliveries>> {
      if (userIds.length === 0) return new Map();
      const rows = await tx
        .select({ userId: notificationPreferences.userId, deliveries: notificationPreferences.deliveries })
        .from(notificationPreferences)
        .where(inArray(notificationPreferences.userId, [...userIds]));
      return new Map(rows.map((row) => [row.userId, row.deliveries]));
    },

    /**
     * Locks the person's row and refuses a stale If-Match (412). Before the first save there is no
     * row to lock: one is claimed with the defaults (rolled back with a refused save), so two first
     * saves from two tabs queue on it and the second sees the first's version.
     */
    async lockVersion(userId: number, expected: string[] | null, tx: DbOrTx): Promise<void> {
      const claimed = await tx
        .insert(notificationPreferences)
        .values({ userId })
        .onConflictDoNothing()
        .returning({ userId: notificationPreferences.userId });
      const [row] = await tx
        .select({ version: rowVersion(notificationPreferences) })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId))
        .for('update');
      await assertCurrentVersion(tx, {
        current: claimed.length > 0 ? UNSAVED_PREFERENCES_VERSION : row!.version,
        expected,
        objectType: PREFERENCES_OBJECT_TYPE,
        objectId: userId,
      });
    },

    async save(userId: number, values: { deliveries: Deliveries; digestHour: number }, tx: DbOrTx): Promise<void> {
      await tx
        .update(notificationPreferences)
        .set({ deliveries: values.deliveries, digestHour: values.digestHour, updatedAt: sql`now()` })
        .where(eq(notificationPreferences.userId, userId));
    },
  };
}
