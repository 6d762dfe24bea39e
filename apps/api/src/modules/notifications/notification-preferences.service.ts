import {
  CLIENT_NOTIFICATION_KINDS,
  defaultDelivery,
  ERROR_CODE,
  STAFF_NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferencesDto,
  type NotificationPreferencesInput,
} from '@ledgerport/shared';
import type { Db } from '../../db/client.js';
import { BadRequestError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { Principal } from '../auth/index.js';
import {
  PREFERENCES_OBJECT_TYPE,
  type Deliveries,
  type NotificationPreferencesRepository,
} from './notification-preferences.repository.js';

type Caller = Pick<Principal, 'userId' | 'isClient'>;

export type NotificationPreferencesService = ReturnType<typeof createNotificationPreferencesService>;

/** The kinds a person can receive, and so choose for: staff hear of clients, client users of the firm. */
function kindsFor(caller: Caller): readonly NotificationKind[] {
  return caller.isClient ? CLIENT_NOTIFICATION_KINDS : STAFF_NOTIFICATION_KINDS;
}

/** Each person's e-mail choices per kind and the hour of their digest (docs/notifications.md). */
export function createNotificationPreferencesService({
  db,
  repository,
  audit,
}: {
  db: Db;
  repository: NotificationPreferencesRepository;
  audit: AuditLog;
}) {
  async function get(caller: Caller): Promise<NotificationPreferencesDto> {
    const stored = await repository.find(caller.userId);
    return {
      kinds: kindsFor(caller).map((kind) => ({
        kind,
        delivery: stored.deliveries[kind] ?? defaultDelivery(kind, caller.isClient),
      })),
      digestHour: stored.digestHour,
      version: stored.version,
    };
  }

  /** A kind the caller cannot receive, or one given twice, is refused by name. */
  function check(caller: Caller, input: NotificationPreferencesInput): void {
    const allowed = kindsFor(caller);
    const seen = new Set<NotificationKind>();
    const details = input.kinds.flatMap(({ kind }, index) => {
      const problem = !allowed.includes(kind)
        ? 'You do not receive this kind of notification.'
        : seen.has(kind)
          ? 'This kind is listed twice.'
          : null;
      seen.add(kind);
      return problem === null ? [] : [{ in: 'body', field: `kinds.${index}.kind`, message: problem }];
    });
    if (details.length > 0) throw new BadRequestError('The request is not valid.', ERROR_CODE.validation, details);
  }

  return {
    get,

    /**
     * Saves the choices (kinds left out take their default). With If-Match over an older version:
     * 412, nothing saved (lib/row-version.ts). The change is audited against the person's
     * preferences, so a 412 from another tab names who saved.
     */
    async update(
      caller: Caller,
      context: RequestContext,
      input: NotificationPreferencesInput,
      expected: string[] | null = null,
    ): Promise<NotificationPreferencesDto> {
      check(caller, input);
      const deliveries: Deliveries = Object.fromEntries(input.kinds.map(({ kind, delivery }) => [kind, delivery]));
      await db.transaction(async (tx) => {
        await repository.lockVersion(caller.userId, expected, tx);
        const before = await repository.find(caller.userId, tx);
        await repository.save(caller.userId, { deliveries, digestHour: input.digestHour }, tx);
        const changed = Object.fromEntries(
          kindsFor(caller).flatMap((kind) => {
            const from = before.deliveries[kind] ?? defaultDelivery(kind, caller.isClient);
            const to = deliveries[kind] ?? defaultDelivery(kind, caller.isClient);
            return from === to ? [] : [[kind, { from, to }]];
          }),
        );
        await audit.record(
          context,
          {
            action: AUDIT_ACTION.notificationPreferencesChanged,
            actorUserId: caller.userId,
            objectType: PREFERENCES_OBJECT_TYPE,
            objectId: caller.userId,
            details: {
              ...changed,
              ...(before.digestHour === input.digestHour
                ? {}
                : { digestHour: { from: before.digestHour, to: input.digestHour } }),
            },
          },
          tx,
        );
      });
      return get(caller);
    },
  };
}
