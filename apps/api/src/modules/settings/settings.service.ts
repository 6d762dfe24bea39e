import { ERROR_CODE, type FirmSettings, type FirmSettingsDto } from '@ledgerport/shared';
import type { Db } from '../../db/client.js';
import { BadRequestError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import { SINGLE_ROW, type SettingsRepository } from './settings.repository.js';

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
    get: () => settings.getVersioned(),

    /** New lifetimes apply to sessions from the next request (idle) or the next sign-in (absolute). */
    async update(
      values: FirmSettings,
      actor: { userId: number; context: RequestContext },
      expected: string[] | null = null,
    ): Promise<FirmSettingsDto> {
      await db.transaction(async (tx) => {
        await settings.lockVersion(expected, tx);
        if (values.messagesServiceId !== null && !(await settings.isActiveService(values.messagesServiceId, tx))) {
          const message = 'The service is not one of the active services.';
          throw new BadRequestError('The request is not valid.', ERROR_CODE.validation, [
            { in: 'body', field: 'messagesServiceId', message },
          ]);
        }
        const before = await settings.get(tx);
        await settings.save(values, actor.userId, tx);
        const changed = Object.fromEntries(
          (Object.keys(values) as Array<keyof FirmSettings>)
            .filter((key) => before[key] !== values[key])
            .map((key) => [key, { from: before[key], to: values[key] }]),
        );
        await audit.record(
          actor.context,
          {
            action: AUDIT_ACTION.settingsChanged,
            actorUserId: actor.userId,
            objectType: 'settings',
            objectId: SINGLE_ROW,
            details: changed,
          },
          tx,
        );
      });
      return settings.getVersioned();
    },
  };
}
