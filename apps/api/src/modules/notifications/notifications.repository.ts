import { and, count, eq, exists, inArray, isNull, not, or, sql } from 'drizzle-orm';
import {
  hasPermission,
  ROLE_NAME,
  type NotificationDelivery,
  type NotificationKind,
  type PermissionRequirement,
} from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import { newestFirst, runPrepared } from '../../lib/list-query.js';
import {
  clientCollaborators,
  clientCollaboratorServices,
  clientFollowers,
  clients,
  conversations,
  notifications,
  rolePermissions,
  roles,
  userRoles,
  users,
} from '../../db/schema/index.js';
import { activeCollaboratorWithGrant } from '../clients/index.js';
import { recipientScopeCondition, type RecipientScope } from './notification-scope.js';

/** The channel every API process LISTENs on; a payload is a comma-separated list of user ids, nothing else. */
export const NOTIFICATIONS_CHANNEL = 'ledgerport_notifications';
/** NOTIFY payloads end at 8000 bytes: longer lists of ids go in several. */
const PAYLOAD_MAX = 7000;
/**
 * What a staff member needs to be told of a client's event: to see the firm's clients at all. The
 * permission following a client takes, so a follower is told exactly while they could follow.
 */
const SEES_CLIENTS: PermissionRequirement = 'client:list';

export interface NewNotification {
  recipientUserId: number;
  kind: NotificationKind;
  title: string;
  link: string | null;
  /** Null only for a reminder whose items are several clients'. */
  clientId: number | null;
  /** The service of its object; null for a kind whose object has none (an announcement, a payment, a reminder). */
  serviceId: number | null;
  actorUserId: number | null;
  eventKey: string;
  emailDelivery: NotificationDelivery;
  createdAt: Date;
}

/**
 * A conversation's signal on the same channel (one LISTEN per process): `c<id>`, or `c<id>:s` for a
 * change only the firm may hear of. A process of the previous version reads no user id in it.
 */
export function conversationSignalPayload(conversationId: number, staffOnly: boolean): string {
  return `c${conversationId}${staffOnly ? ':s' : ''}`;
}

export function parseConversationSignal(payload: string): { conversationId: number; staffOnly: boolean } | null {
  const match = /^c(\d+)(:s)?$/.exec(payload);
  if (!match) return null;
  const conversationId = Number(match[1]);
  return Number.isSafeInteger(conversationId) ? { conversationId, staffOnly: match[2] !== undefined } : null;
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

/** Of `userIds`, those whose roles grant every requirement (the one permission matcher). */
async function holding(
  userIds: readonly number[],
  requirements: readonly PermissionRequirement[],
  tx: DbOrTx,
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const held = await tx
    .select({ userId: userRoles.userId, permission: rolePermissions.permission })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .where(inArray(userRoles.userId, [...userIds]));
  const permissionsOf = new Map<number, string[]>();
  for (const { userId, permission } of held)
    permissionsOf.set(userId, [...(permissionsOf.get(userId) ?? []), permission]);
  return userIds.filter((userId) =>
    requirements.every((requirement) => hasPermission(permissionsOf.get(userId) ?? [], requirement)),
  );
}

/** Active users who hold no client role: the firm's people, who see every client (ADR 0010). */
function activeStaff(db: DbOrTx) {
  return and(
    eq(users.isActive, true),
    not(
      exists(
        db
          .select({ one: userRoles.userId })
          .from(userRoles)
          .innerJoin(roles, eq(roles.id, userRoles.roleId))
          .where(and(eq(userRoles.userId, users.id), eq(roles.name, ROLE_NAME.client))),
      ),
    ),
  );
}

export function createNotificationsRepository({ db }: { db: DbOrTx }) {
  return {
    /** A page of the caller's notifications, newest first, with the total and the unread count. */
    async list(scope: RecipientScope, page: { limit: number; offset: number; unread?: boolean }, tx: DbOrTx = db) {
      const where = and(recipientScopeCondition(tx, scope), page.unread ? isNull(notifications.readAt) : undefined);
      const [rows, [total], unreadCount] = await Promise.all([
        runPrepared(
          tx
            .select({
              id: notifications.id,
              kind: notifications.kind,
              title: notifications.title,
              link: notifications.link,
              clientId: notifications.clientId,
              clientName: clients.name,
              actorFirstName: users.firstName,
              actorLastName: users.lastName,
              createdAt: notifications.createdAt,
              readAt: notifications.readAt,
            })
            .from(notifications)
            .leftJoin(clients, eq(clients.id, notifications.clientId))
            .leftJoin(users, eq(users.id, notifications.actorUserId))
            .where(where)
            .orderBy(...newestFirst(notifications.createdAt, notifications.id))
            .limit(page.limit)
            .offset(page.offset),
        ),
        runPrepared(tx.select({ n: count() }).from(notifications).where(where)),
        this.unreadCount(scope, tx),
      ]);
      return { rows, totalCount: total?.n ?? 0, unreadCount };
    },

    async unreadCount(scope: RecipientScope, tx: DbOrTx = db): Promise<number> {
      const [row] = await runPrepared(
        tx
          .select({ n: count() })
          .from(notifications)
          .where(and(recipientScopeCondition(tx, scope), isNull(notifications.readAt))),
      );
      return row?.n ?? 0;
    },

    /** Marks one read: `changed` when it was unread, `found` when it is the caller's at all. */
    async markRead(scope: RecipientScope, id: number, tx: DbOrTx = db) {
      const where = and(eq(notifications.id, id), recipientScopeCondition(tx, scope));
      const changed = await tx
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(where, isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      if (changed.length > 0) return { found: true, changed: true };
      const [found] = await tx.select({ id: notifications.id }).from(notifications).where(where);
      return { found: found !== undefined, changed: false };
    },

    /** Marks every unread one read; returns how many changed. */
    async markAllRead(scope: RecipientScope, tx: DbOrTx = db): Promise<number> {
      const changed = await tx
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(recipientScopeCondition(tx, scope), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return changed.length;
    },

    /**
     * The client an event is about, for its recipients and its title.
     * @unscoped the job worker reads it to find who is told; no caller's request is behind it
     */
    async findClient(clientId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ id: clients.id, name: clients.name, advisorUserId: clients.advisorUserId })
        .from(clients)
        .where(eq(clients.id, clientId));
      return row ?? null;
    },

    async findActorName(userId: number, tx: DbOrTx = db): Promise<string | null> {
      const [row] = await tx
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, userId));
      return row ? `${row.firstName} ${row.lastName}`.trim() : null;
    },

    /**
     * The firm's side of a client's event: its advisor, the request's creator and the staff who follow
     * the client, each only while they may still see it: active staff (who see every client) holding
     * SEES_CLIENTS. They are recipients by their place, not by a scope, so a follower or a creator
     * whose role lost the permission since is checked here, by the one permission matcher.
     * @unscoped the job worker computes recipients; staff see every client, so the rule is active staff with the permission
     */
    async staffRecipients(
      target: {
        clientId: number;
        direct: readonly number[];
        /** What the notification's object needs besides seeing clients (a conversation: message:list). */
        alsoRequires?: PermissionRequirement;
      },
      tx: DbOrTx = db,
    ): Promise<number[]> {
      const following = exists(
        tx
          .select({ one: clientFollowers.userId })
          .from(clientFollowers)
          .where(and(eq(clientFollowers.clientId, target.clientId), eq(clientFollowers.userId, users.id))),
      );
      const candidates = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            target.direct.length > 0 ? or(inArray(users.id, [...target.direct]), following) : following,
            activeStaff(tx),
          ),
        );
      return holding(
        candidates.map((candidate) => candidate.id),
        target.alsoRequires === undefined ? [SEES_CLIENTS] : [SEES_CLIENTS, target.alsoRequires],
        tx,
      );
    },

    /**
     * Who, of `candidates` (the people with a stream open on this process), may see each conversation
     * now: active staff holding SEES_CLIENTS and message:list, and, unless the change is the firm's
     * alone (an internal note), the client's owner and active collaborators holding message:list.
     * Read when the signals arrive, so a permission or collaboration removed since is honoured. A
     * fixed number of queries for any number of conversations (a message to many clients signals
     * each of them at once).
     * @unscoped the live stream's fan-out: the rule is the conversations' scope, applied to each person
     */
    async conversationsAudience(
      target: {
        conversations: ReadonlyArray<{ conversationId: number; staffOnly: boolean }>;
        candidates: readonly number[];
      },
      tx: DbOrTx = db,
    ): Promise<Array<{ conversationId: number; userIds: number[] }>> {
      if (target.candidates.length === 0 || target.conversations.length === 0) return [];
      const candidates = [...target.candidates];
      const found = await tx
        .select({ id: conversations.id, clientId: conversations.clientId })
        .from(conversations)
        .where(
          inArray(
            conversations.id,
            target.conversations.map((conversation) => conversation.conversationId),
          ),
        );
      if (found.length === 0) return [];
      const staffRows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, candidates), activeStaff(tx)));
      const staff = await holding(
        staffRows.map((person) => person.id),
        [SEES_CLIENTS, 'message:list'],
        tx,
      );
      const clientIds = [...new Set(found.map((conversation) => conversation.clientId))];
      const [owners, collaborators] = await Promise.all([
        tx
          .select({ clientId: clients.id, userId: users.id })
          .from(clients)
          .innerJoin(users, eq(users.id, clients.ownerUserId))
          .where(and(inArray(clients.id, clientIds), inArray(users.id, candidates), eq(users.isActive, true))),
        tx
          .select({ clientId: clientCollaborators.clientId, userId: users.id })
          .from(clientCollaborators)
          .innerJoin(users, eq(users.id, clientCollaborators.userId))
          .where(
            and(
              inArray(clientCollaborators.clientId, clientIds),
              eq(clientCollaborators.isActive, true),
              inArray(users.id, candidates),
              eq(users.isActive, true),
            ),
          ),
      ]);
      const reading = new Set(
        await holding([...new Set([...owners, ...collaborators].map((row) => row.userId))], ['message:list'], tx),
      );
      const peopleOf = new Map<number, number[]>();
      for (const { clientId, userId } of [...owners, ...collaborators]) {
        if (!reading.has(userId)) continue;
        peopleOf.set(clientId, [...(peopleOf.get(clientId) ?? []), userId]);
      }
      const clientOf = new Map(found.map((conversation) => [conversation.id, conversation.clientId]));
      return target.conversations.flatMap(({ conversationId, staffOnly }) => {
        const clientId = clientOf.get(conversationId);
        if (clientId === undefined) return [];
        const people = staffOnly ? [] : (peopleOf.get(clientId) ?? []);
        return [{ conversationId, userIds: [...new Set([...staff, ...people])] }];
      });
    },

    /**
     * The client's side: its owner and its active collaborators, each only if the object's service is
     * visible to them by the documents' and requests' rule (the owner sees every service; a
     * collaborator those granted to them), checked with the same helper those scopes use. A null
     * service is an object of the whole client (a secure conversation): every one of them.
     * @unscoped the job worker computes recipients from the client's own people
     */
    async clientRecipients(target: { clientId: number; serviceId: number | null }, tx: DbOrTx = db): Promise<number[]> {
      const candidates = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.isActive, true),
            or(
              exists(
                tx
                  .select({ one: clients.id })
                  .from(clients)
                  .where(and(eq(clients.id, target.clientId), eq(clients.ownerUserId, users.id))),
              ),
              exists(
                tx
                  .select({ one: clientCollaborators.userId })
                  .from(clientCollaborators)
                  .where(
                    and(
                      eq(clientCollaborators.clientId, target.clientId),
                      eq(clientCollaborators.userId, users.id),
                      eq(clientCollaborators.isActive, true),
                    ),
                  ),
              ),
            ),
          ),
        );
      const { serviceId } = target;
      if (serviceId === null) return candidates.map((candidate) => candidate.id);
      const recipients: number[] = [];
      for (const candidate of candidates) {
        const [sees] = await tx
          .select({ one: clients.id })
          .from(clients)
          .where(
            and(
              eq(clients.id, target.clientId),
              or(
                eq(clients.ownerUserId, candidate.id),
                activeCollaboratorWithGrant(
                  tx,
                  clients.id,
                  candidate.id,
                  eq(clientCollaboratorServices.serviceId, serviceId),
                ),
              ),
            ),
          );
        if (sees) recipients.push(candidate.id);
      }
      return recipients;
    },

    /** Once per recipient and event: a retried or doubled job inserts nothing. Returns who got one now. */
    async insertMany(rows: readonly NewNotification[], tx: DbOrTx = db): Promise<number[]> {
      if (rows.length === 0) return [];
      const inserted = await tx
        .insert(notifications)
        .values([...rows])
        .onConflictDoNothing({ target: [notifications.recipientUserId, notifications.eventKey] })
        .returning({ recipientUserId: notifications.recipientUserId });
      return inserted.map((row) => row.recipientUserId);
    },

    /**
     * Tells every API process that a conversation changed (delivered when `tx` commits); each process
     * works out which of its streams may hear of it (`conversationAudience`). An id only.
     */
    async signalConversationChanged(
      conversationId: number,
      { staffOnly }: { staffOnly: boolean },
      tx: DbOrTx = db,
    ): Promise<void> {
      const payload = conversationSignalPayload(conversationId, staffOnly);
      await tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${payload})`);
    },

    /**
     * Tells every API process that these users' unread counts changed. NOTIFY is transactional: it is
     * delivered when `tx` commits, never for a change that was rolled back. Ids only, never text.
     */
    async signalUnreadChanged(userIds: readonly number[], tx: DbOrTx = db): Promise<void> {
      const ids = [...new Set(userIds)];
      const payloads: string[] = [];
      let current = '';
      for (const userId of ids) {
        const next = current === '' ? String(userId) : `${current},${userId}`;
        if (next.length > PAYLOAD_MAX) {
          payloads.push(current);
          current = String(userId);
        } else current = next;
      }
      if (current !== '') payloads.push(current);
      for (const payload of payloads) {
        await tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${payload})`);
      }
    },
  };
}
