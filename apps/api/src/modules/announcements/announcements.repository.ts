import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { lockCurrentVersion, rowVersion } from '../../lib/row-version.js';
import {
  announcementAcknowledgements,
  announcements,
  clientCollaborators,
  clients,
  users,
} from '../../db/schema/index.js';
import { clientScopeCondition, type ClientScope } from '../clients/index.js';

export type AnnouncementsRepository = ReturnType<typeof createAnnouncementsRepository>;
export type AnnouncementRow = typeof announcements.$inferSelect & { version: string };

/** Every column, and the row's version (`xmin`, lib/row-version.ts). */
const columns = { ...getTableColumns(announcements), version: rowVersion(announcements) };

const fullName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/** The server's date in UTC, whatever the session's time zone: the expiration rule's "today". */
const utcToday = sql`(now() at time zone 'utc')::date`;

/** Active and not past its expiration date: what client users are asked to confirm. */
const isLive: SQL = and(
  eq(announcements.isActive, true),
  or(isNull(announcements.expirationDate), gte(announcements.expirationDate, utcToday)),
)!;

export function createAnnouncementsRepository({ db }: { db: DbOrTx }) {
  /**
   * The accounts a client user confirms for: the active clients in their scope (owned or actively
   * collaborated on). Staff (`clientUserId` null) act for no client, so they confirm for none.
   */
  const clientsOfUser = (scope: ClientScope, tx: DbOrTx) =>
    and(eq(clients.isActive, true), clientScopeCondition(tx, scope));

  /** Every (user, client) pair in scope that is asked to confirm: owners and active collaborators of active clients. */
  const members = (tx: DbOrTx, scope: ClientScope) =>
    tx
      .select({ userId: sql<number>`${clients.ownerUserId}`.as('member_user_id'), clientId: clients.id })
      .from(clients)
      .where(and(eq(clients.isActive, true), clientScopeCondition(tx, scope)))
      .union(
        tx
          .select({ userId: clientCollaborators.userId, clientId: clientCollaborators.clientId })
          .from(clientCollaborators)
          .innerJoin(clients, eq(clients.id, clientCollaborators.clientId))
          .where(
            and(eq(clientCollaborators.isActive, true), eq(clients.isActive, true), clientScopeCondition(tx, scope)),
          ),
      )
      .as('members');

  return {
    async findPage(page: { limit: number; offset: number }, tx: DbOrTx = db) {
      const [items, [total]] = await Promise.all([
        tx
          .select(columns)
          .from(announcements)
          .orderBy(desc(announcements.createdAt), desc(announcements.id))
          .limit(page.limit)
          .offset(page.offset),
        tx.select({ n: count() }).from(announcements),
      ]);
      return { items, totalCount: total?.n ?? 0 };
    },

    async findById(id: number, tx: DbOrTx = db): Promise<AnnouncementRow | null> {
      const [row] = await tx.select(columns).from(announcements).where(eq(announcements.id, id)).limit(1);
      return row ?? null;
    },

    async findLiveById(id: number, tx: DbOrTx = db): Promise<AnnouncementRow | null> {
      const [row] = await tx
        .select(columns)
        .from(announcements)
        .where(and(eq(announcements.id, id), isLive))
        .limit(1);
      return row ?? null;
    },

    async insert(
      row: Pick<AnnouncementRow, 'title' | 'body' | 'acknowledgmentText' | 'expirationDate' | 'creatorUserId'>,
      tx: DbOrTx = db,
    ): Promise<AnnouncementRow> {
      const [inserted] = await tx.insert(announcements).values(row).returning(columns);
      return inserted!;
    },

    /** Locks the row and refuses a stale If-Match (412, lib/row-version.ts); null when there is none. */
    lockVersion(id: number, expected: string[] | null, tx: DbOrTx) {
      return lockCurrentVersion(tx, {
        table: announcements,
        where: eq(announcements.id, id),
        expected,
        objectType: 'announcement',
        objectId: id,
      });
    },

    /** Whether the row exists; setting the state it already has is not an error. */
    async setActive(id: number, isActive: boolean, tx: DbOrTx = db): Promise<boolean> {
      const updated = await tx
        .update(announcements)
        .set({ isActive })
        .where(eq(announcements.id, id))
        .returning({ id: announcements.id });
      return updated.length > 0;
    },

    /** The caller's clients among `clientIds` (an id they do not act for is left out). */
    async findClientsOfUser(scope: ClientScope, clientIds: readonly number[] | null, tx: DbOrTx = db) {
      if (scope.clientUserId === null) return [];
      return tx
        .select({ id: clients.id, name: clients.name })
        .from(clients)
        .where(and(clientsOfUser(scope, tx), clientIds ? inArray(clients.id, [...clientIds]) : undefined))
        .orderBy(asc(clients.name), asc(clients.id));
    },

    /**
     * Live announcements with, for each, the user's clients it is not yet confirmed for; oldest
     * announcement first. An announcement confirmed for every client does not appear.
     */
    async findUnconfirmed(scope: ClientScope, tx: DbOrTx = db) {
      const userId = scope.clientUserId;
      if (userId === null) return [];
      return tx
        .select({
          id: announcements.id,
          title: announcements.title,
          body: announcements.body,
          acknowledgmentText: announcements.acknowledgmentText,
          clientId: clients.id,
          clientName: clients.name,
        })
        .from(announcements)
        .innerJoin(clients, clientsOfUser(scope, tx))
        .where(
          and(
            isLive,
            notExists(
              tx
                .select({ one: announcementAcknowledgements.announcementId })
                .from(announcementAcknowledgements)
                .where(
                  and(
                    eq(announcementAcknowledgements.announcementId, announcements.id),
                    eq(announcementAcknowledgements.userId, userId),
                    eq(announcementAcknowledgements.clientId, clients.id),
                  ),
                ),
            ),
          ),
        )
        .orderBy(asc(announcements.createdAt), asc(announcements.id), asc(clients.name), asc(clients.id));
    },

    /** Records the confirmations; one already recorded keeps its first time. */
    async acknowledge(announcementId: number, userId: number, clientIds: readonly number[], tx: DbOrTx = db) {
      return tx
        .insert(announcementAcknowledgements)
        .values(clientIds.map((clientId) => ({ announcementId, userId, clientId })))
        .onConflictDoNothing()
        .returning({ clientId: announcementAcknowledgements.clientId });
    },

    async findAcknowledged(
      announcementId: number,
      page: { limit: number; offset: number },
      scope: ClientScope,
      tx: DbOrTx = db,
    ) {
      const where = and(
        eq(announcementAcknowledgements.announcementId, announcementId),
        clientScopeCondition(tx, scope, announcementAcknowledgements.clientId),
      );
      const [items, [total]] = await Promise.all([
        tx
          .select({
            userId: users.id,
            user: fullName,
            clientId: clients.id,
            client: clients.name,
            acknowledgedAt: announcementAcknowledgements.acknowledgedAt,
          })
          .from(announcementAcknowledgements)
          .innerJoin(users, eq(users.id, announcementAcknowledgements.userId))
          .innerJoin(clients, eq(clients.id, announcementAcknowledgements.clientId))
          .where(where)
          .orderBy(
            desc(announcementAcknowledgements.acknowledgedAt),
            asc(announcementAcknowledgements.userId),
            asc(announcementAcknowledgements.clientId),
          )
          .limit(page.limit)
          .offset(page.offset),
        tx.select({ n: count() }).from(announcementAcknowledgements).where(where),
      ]);
      return { items, totalCount: total?.n ?? 0 };
    },

    /** Active client users of active clients who have not confirmed yet, by client then user. */
    async findPending(
      announcementId: number,
      page: { limit: number; offset: number },
      scope: ClientScope,
      tx: DbOrTx = db,
    ) {
      const m = members(tx, scope);
      const where = and(
        eq(users.isActive, true),
        notExists(
          tx
            .select({ one: announcementAcknowledgements.announcementId })
            .from(announcementAcknowledgements)
            .where(
              and(
                eq(announcementAcknowledgements.announcementId, announcementId),
                eq(announcementAcknowledgements.userId, m.userId),
                eq(announcementAcknowledgements.clientId, m.clientId),
              ),
            ),
        ),
      );
      const [items, [total]] = await Promise.all([
        tx
          .select({ userId: users.id, user: fullName, clientId: clients.id, client: clients.name })
          .from(m)
          .innerJoin(users, eq(users.id, m.userId))
          .innerJoin(clients, eq(clients.id, m.clientId))
          .where(where)
          .orderBy(asc(clients.name), asc(clients.id), asc(users.lastName), asc(users.firstName), asc(users.id))
          .limit(page.limit)
          .offset(page.offset),
        tx.select({ n: count() }).from(m).innerJoin(users, eq(users.id, m.userId)).where(where),
      ]);
      return { items, totalCount: total?.n ?? 0 };
    },
  };
}
