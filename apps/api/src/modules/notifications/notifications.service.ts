import {
  defaultDelivery,
  NOTIFICATION_DELIVERY,
  NOTIFICATION_KIND,
  STAFF_NOTIFICATION_KINDS,
  type NotificationDto,
  type NotificationListQuery,
  type NotificationPageDto,
  type UnreadCountDto,
} from '@ledgerport/shared';
import type { Db } from '../../db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import type { Principal } from '../auth/index.js';
import { queuedEventSchema, type NotificationEvent } from './notification-events.js';
import type { NotificationMailService } from './notification-mail.service.js';
import type { NotificationPreferencesRepository } from './notification-preferences.repository.js';
import { recipientScopeOf } from './notification-scope.js';
import { linkOf, titleOf } from './notification-texts.js';
import type { NotificationsRepository } from './notifications.repository.js';

type Caller = Pick<Principal, 'userId' | 'isClient'>;
type Row = Awaited<ReturnType<NotificationsRepository['list']>>['rows'][number];

export type NotificationsService = ReturnType<typeof createNotificationsService>;

function toDto(row: Row): NotificationDto {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    link: row.link,
    clientId: row.clientId,
    clientName: row.clientName,
    actorName: row.actorFirstName === null ? null : `${row.actorFirstName} ${row.actorLastName ?? ''}`.trim(),
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** The people an event's notification goes to who are not its actor (docs/notifications.md). */
function forStaff(event: NotificationEvent): boolean {
  return STAFF_NOTIFICATION_KINDS.includes(event.kind);
}

/**
 * The bell (docs/notifications.md): each person's notifications, read and marked as read by them
 * alone, and the job that makes them. Every change of someone's unread count commits with a NOTIFY of
 * their id, which every API process hears (notification-stream.ts).
 */
export function createNotificationsService({
  db,
  repository,
  preferences,
  batches,
  now = () => new Date(),
}: {
  db: Db;
  repository: NotificationsRepository;
  preferences: Pick<NotificationPreferencesRepository, 'deliveriesOf'>;
  /** Queues the e-mail of those who get a kind "immediately" (notification-mail.service.ts). */
  batches: Pick<NotificationMailService, 'queueBatches'>;
  /** When a notification is made: its `created_at`, and the batching window it falls in. */
  now?: () => Date;
}) {
  return {
    async list(caller: Caller, query: NotificationListQuery): Promise<NotificationPageDto> {
      const { rows, totalCount, unreadCount } = await repository.list(recipientScopeOf(caller), query);
      return { items: rows.map(toDto), totalCount, unreadCount };
    },

    async unreadCount(caller: Caller): Promise<number> {
      return repository.unreadCount(recipientScopeOf(caller));
    },

    /** Someone else's notification, or one that does not exist, is 404 alike. */
    async markRead(caller: Caller, id: number): Promise<UnreadCountDto> {
      return db.transaction(async (tx) => {
        const scope = recipientScopeOf(caller);
        const { found, changed } = await repository.markRead(scope, id, tx);
        if (!found) throw new NotFoundError('Notification not found.');
        if (changed) await repository.signalUnreadChanged([caller.userId], tx);
        return { unreadCount: await repository.unreadCount(scope, tx) };
      });
    },

    async markAllRead(caller: Caller): Promise<UnreadCountDto> {
      return db.transaction(async (tx) => {
        const scope = recipientScopeOf(caller);
        if ((await repository.markAllRead(scope, tx)) > 0) await repository.signalUnreadChanged([caller.userId], tx);
        return { unreadCount: await repository.unreadCount(scope, tx) };
      });
    },

    /**
     * The job (NOTIFICATION_JOB): finds who is told of the event, now, from the client's people
     * (staff: the advisor, the request's creator, the followers, while they may still see clients;
     * client users: the owner and the collaborators the object's service is granted to), never the
     * actor, and writes one notification each, with the e-mail delivery each has chosen for the
     * kind, and queues the batch e-mail of those who chose "immediately". Run twice, it writes nothing
     * more: the recipient and the event key are unique together.
     */
    async deliver(payload: unknown): Promise<void> {
      const { key, event } = queuedEventSchema.parse(payload);
      const createdAt = now();
      await db.transaction(async (tx) => {
        if (event.kind === NOTIFICATION_KIND.reminder) {
          // The requests module chose the one person and e-mailed them already (the reminder's own
          // mail): the bell's line never goes out by e-mail as well.
          if ((await repository.findActorName(event.userId, tx)) === null) return;
          const client = event.clientId === null ? null : await repository.findClient(event.clientId, tx);
          const notified = await repository.insertMany(
            [
              {
                recipientUserId: event.userId,
                kind: event.kind,
                title: titleOf(event, { client: client?.name ?? '', actor: null }),
                link: linkOf(event),
                clientId: client?.id ?? null,
                serviceId: null,
                actorUserId: event.actorUserId,
                eventKey: key,
                emailDelivery: NOTIFICATION_DELIVERY.inAppOnly,
                createdAt,
              },
            ],
            tx,
          );
          await repository.signalUnreadChanged(notified, tx);
          return;
        }
        // A client deleted since: there is nothing left to tell anyone about.
        const client = await repository.findClient(event.clientId, tx);
        if (!client) return;
        let everyone: number[];
        let clientSide: ReadonlySet<number>;
        if (event.kind === NOTIFICATION_KIND.messageReceived) {
          // Both sides of a conversation: its staff (with the advisor and the followers) and, unless
          // it is an internal note, every person of the client (a conversation is the whole client's).
          const staff = await repository.staffRecipients(
            {
              clientId: client.id,
              direct: [client.advisorUserId, ...event.staffUserIds].filter(isId),
              // Told of a message only by who can open it.
              alsoRequires: 'message:list',
            },
            tx,
          );
          const people = event.isInternalNote
            ? []
            : await repository.clientRecipients({ clientId: client.id, serviceId: null }, tx);
          everyone = [...new Set([...staff, ...people])];
          clientSide = new Set(people);
        } else if (event.kind === NOTIFICATION_KIND.bankConnectionNeedsAction) {
          // The client must act, and its advisor should know: both sides, the client's by the service.
          const staff = await repository.staffRecipients(
            { clientId: client.id, direct: [client.advisorUserId].filter(isId), alsoRequires: 'reconciliation:list' },
            tx,
          );
          const people = await repository.clientRecipients({ clientId: client.id, serviceId: event.serviceId }, tx);
          everyone = [...new Set([...staff, ...people])];
          clientSide = new Set(people);
        } else if (forStaff(event)) {
          everyone = await repository.staffRecipients(
            {
              clientId: client.id,
              direct: [
                client.advisorUserId,
                'requestCreatorUserId' in event ? event.requestCreatorUserId : null,
                'askedByUserId' in event ? event.askedByUserId : null,
              ].filter(isId),
              // A question's answer is read where only reconciliation holders can open it.
              ...(event.kind === NOTIFICATION_KIND.transactionQuestionAnswered
                ? { alsoRequires: 'reconciliation:list' }
                : {}),
            },
            tx,
          );
          clientSide = new Set();
        } else {
          everyone = await repository.clientRecipients(
            { clientId: client.id, serviceId: requiredServiceOf(event) },
            tx,
          );
          clientSide = new Set(everyone);
        }
        const recipients = everyone.filter((userId) => userId !== event.actorUserId);
        if (recipients.length === 0) return;
        const actor = event.actorUserId === null ? null : await repository.findActorName(event.actorUserId, tx);
        const title = titleOf(event, { client: client.name, actor });
        const link = linkOf(event);
        const chosen = await preferences.deliveriesOf(recipients, tx);
        const deliveryOf = (userId: number) =>
          chosen.get(userId)?.[event.kind] ?? defaultDelivery(event.kind, clientSide.has(userId));
        const notified = await repository.insertMany(
          recipients.map((recipientUserId) => ({
            recipientUserId,
            kind: event.kind,
            title,
            link,
            clientId: client.id,
            serviceId: serviceOf(event),
            actorUserId: event.actorUserId,
            eventKey: key,
            emailDelivery: deliveryOf(recipientUserId),
            createdAt,
          })),
          tx,
        );
        // Only those made now: a job run again made nothing, and queues nothing.
        await batches.queueBatches(
          notified.filter((userId) => deliveryOf(userId) === NOTIFICATION_DELIVERY.immediately),
          tx,
        );
        await repository.signalUnreadChanged(notified, tx);
      });
    },
  };
}

/**
 * The service the event's object is filed under, kept on each notification so that the bell and the
 * e-mails can check a client user's grant again when they are read (notification-scope.ts); null for
 * the kinds whose object has none (an announcement, a payment).
 */
function serviceOf(event: NotificationEvent): number | null {
  return 'serviceId' in event ? event.serviceId : null;
}

function isId(userId: number | null): userId is number {
  return userId !== null;
}

/** A client-side event's service: what a collaborator must be granted to be told at all. */
function requiredServiceOf(event: NotificationEvent): number {
  const serviceId = serviceOf(event);
  if (serviceId === null) throw new Error(`A ${event.kind} event names no service.`);
  return serviceId;
}
