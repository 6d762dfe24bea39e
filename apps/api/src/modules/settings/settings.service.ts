import type { FirmSettings } from '@ledgerport/shared';
import type { Db } from '../../db/client.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { SettingsRepository } from './settings.repository.js';

export type SettingsService = ReturnType<typeof createSettingsService>;

export function createSettingsService({
  db,
  settings,
  audit,
}: {
  db: Db;
  settings: SettingsRepository;
  audit: AuditLog;
}) {
  return {
    get: () => settings.get(),

    /** New lifetimes apply to sessions from the next request (idle) or the next sign-in (absolute). */
    async update(values: FirmSettings, actor: { userId: number; context: RequestContext }): Promise<FirmSettings> {
      await db.transaction(async (tx) => {
        const before = await settings.get(tx);
        await settings.save(values, actor.userId, tx);
        const changed = Object.fromEntries(
          (Object.keys(values) as Array<keyof FirmSettings>)
            .filter((key) => before[key] !== values[key])
            .map((key) => [key, { from: before[key], to: values[key] }]),
        );
        await audit.record(
          actor.context,
          { action: AUDIT_ACTION.settingsChanged, actorUserId: actor.userId, objectType: 'settings', details: changed },
          tx,
        );
      });
      return settings.get();
    },
  };
}
