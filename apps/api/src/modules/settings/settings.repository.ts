import { and, eq, sql } from 'drizzle-orm';
import {
  FIRM_SETTINGS_DEFAULTS,
  firmReminderCadence,
  type FirmSettings,
  type FirmSettingsDto,
  type ReminderCadence,
} from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import { firmSettings, services } from '../../db/schema/index.js';
import { assertCurrentVersion, rowVersion } from '../../lib/row-version.js';

/** The version of the settings before anyone saved them (there is no row yet). */
export const UNSAVED_SETTINGS_VERSION = '0';

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;

export const SINGLE_ROW = 1;
export const FIRM_TIME_ZONE_DEFAULT = 'America/New_York';

/**
 * The firm's single settings row. `absoluteDefaultHours` stands in for the absolute lifetime until
 * an administrator saves one: the environment (SESSION_ABSOLUTE_TTL_SECONDS) is the default, the
 * saved setting wins.
 */
export function createSettingsRepository({ db, absoluteDefaultHours }: { db: DbOrTx; absoluteDefaultHours: number }) {
  return {
    /** The saved settings, or null while nobody has saved any. */
    async findSaved(tx: DbOrTx = db): Promise<FirmSettings | null> {
      const [row] = await tx
        .select({
          twoFactorRequiredForStaff: firmSettings.twoFactorRequiredForStaff,
          twoFactorRequiredForClients: firmSettings.twoFactorRequiredForClients,
          sessionIdleMinutesStaff: firmSettings.sessionIdleMinutesStaff,
          sessionIdleMinutesClients: firmSettings.sessionIdleMinutesClients,
          sessionAbsoluteHours: firmSettings.sessionAbsoluteHours,
          reminderDaysBefore: firmSettings.reminderDaysBefore,
          reminderOnDueDate: firmSettings.reminderOnDueDate,
          reminderEveryDaysOverdue: firmSettings.reminderEveryDaysOverdue,
          reminderMaxCount: firmSettings.reminderMaxCount,
          messagesServiceId: firmSettings.messagesServiceId,
        })
        .from(firmSettings)
        .where(eq(firmSettings.id, SINGLE_ROW))
        .limit(1);
      return row ?? null;
    },

    /** The IANA zone the firm's dates are days in (request due dates, schedules): America/New_York until saved. */
    async timeZone(tx: DbOrTx = db): Promise<string> {
      const [row] = await tx
        .select({ timeZone: firmSettings.timeZone })
        .from(firmSettings)
        .where(eq(firmSettings.id, SINGLE_ROW))
        .limit(1);
      return row?.timeZone ?? FIRM_TIME_ZONE_DEFAULT;
    },

    /** The default reminder cadence of requests that have none of their own. */
    async reminderCadence(tx: DbOrTx = db): Promise<ReminderCadence> {
      return firmReminderCadence(await this.get(tx));
    },

    async get(tx: DbOrTx = db): Promise<FirmSettings> {
      return (await this.findSaved(tx)) ?? { ...FIRM_SETTINGS_DEFAULTS, sessionAbsoluteHours: absoluteDefaultHours };
    },

    /** The settings with their version, for the form (and its If-Match). */
    async getVersioned(tx: DbOrTx = db): Promise<FirmSettingsDto> {
      const [row] = await tx
        .select({ version: rowVersion(firmSettings) })
        .from(firmSettings)
        .where(eq(firmSettings.id, SINGLE_ROW));
      return { ...(await this.get(tx)), version: row?.version ?? UNSAVED_SETTINGS_VERSION };
    },

    /**
     * Locks the settings row and refuses a stale If-Match (412). Before the first save there is no row
     * to lock: one is claimed with the defaults (rolled back with a refused save), so two first saves
     * queue on it and the second sees the first's version.
     */
    async lockVersion(expected: string[] | null, tx: DbOrTx): Promise<void> {
      const claimed = await tx
        .insert(firmSettings)
        .values({ id: SINGLE_ROW, ...(await this.get(tx)) })
        .onConflictDoNothing()
        .returning({ id: firmSettings.id });
      const [row] = await tx
        .select({ version: rowVersion(firmSettings) })
        .from(firmSettings)
        .where(eq(firmSettings.id, SINGLE_ROW))
        .for('update');
      await assertCurrentVersion(tx, {
        current: claimed.length > 0 ? UNSAVED_SETTINGS_VERSION : row!.version,
        expected,
        objectType: 'settings',
        objectId: SINGLE_ROW,
      });
    },

    /** Whether a service may take messages' attachments: it exists and is active. */
    async isActiveService(serviceId: number, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: services.id })
        .from(services)
        .where(and(eq(services.id, serviceId), eq(services.isActive, true)))
        .limit(1);
      return row !== undefined;
    },

    async save(values: FirmSettings, userId: number, tx: DbOrTx = db): Promise<void> {
      const row = { ...values, updatedAt: sql`now()`, updatedByUserId: userId };
      await tx
        .insert(firmSettings)
        .values({ id: SINGLE_ROW, ...row })
        .onConflictDoUpdate({ target: firmSettings.id, set: row });
    },
  };
}

/** Hours for the absolute lifetime when only the environment's seconds are known (at least one). */
export function hoursFromSeconds(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 3600));
}
