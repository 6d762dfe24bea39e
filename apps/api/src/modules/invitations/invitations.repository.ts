import { and, count, eq, exists, gt, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { INVITATION_STATUS, type InvitationListQuery, type InvitationType } from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import { clientCollaborators, clients, invitations, users } from '../../db/schema/index.js';
import { containsIgnoreCase, orderByFromQuery } from '../../lib/list-query.js';
import { clientScopeCondition, type ClientScope } from '../clients/index.js';
import { invitationScopeCondition, type InvitationScope } from './invitation-scope.js';

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;

const sameEmail = (column: typeof users.emailAddress | typeof invitations.recipientEmailAddress, email: string) =>
  sql`lower(${column}) = ${email.toLowerCase()}`;

/** A link that can still be used: not yet turned into an account and not past its end. */
const usable = () => and(ne(invitations.status, INVITATION_STATUS.registered), gt(invitations.expiresAt, sql`now()`));

export function createInvitationsRepository({ db }: { db: DbOrTx }) {
  const invitationColumns = {
    id: invitations.id,
    type: invitations.type,
    status: invitations.status,
    senderUserId: invitations.senderUserId,
    recipientEmailAddress: invitations.recipientEmailAddress,
    clientId: invitations.clientId,
  };

  const sender = alias(users, 'sender');
  const listColumns = {
    id: invitations.id,
    senderId: sender.id,
    senderFullName: sql<string>`${sender.firstName} || ' ' || ${sender.lastName}`,
    recipientEmailAddress: invitations.recipientEmailAddress,
    type: invitations.type,
    clientId: clients.id,
    clientName: clients.name,
    createdAt: invitations.createdAt,
    status: invitations.status,
  };
  const sortable = {
    creationTime: invitations.createdAt,
    recipientEmailAddress: sql`lower(${invitations.recipientEmailAddress})`,
    status: invitations.status,
    type: invitations.type,
  };

  /** `filters` holds only the filters the caller may use; the service drops the others. */
  function listWhere(scope: InvitationScope, filters: Partial<InvitationListQuery>): SQL | undefined {
    return and(
      invitationScopeCondition(scope),
      filters.recipientEmailAddress
        ? containsIgnoreCase(invitations.recipientEmailAddress, filters.recipientEmailAddress)
        : undefined,
      filters.status ? eq(invitations.status, filters.status) : undefined,
      filters.type ? eq(invitations.type, filters.type) : undefined,
      filters.senderUserId ? eq(invitations.senderUserId, filters.senderUserId) : undefined,
      filters.clientId ? eq(invitations.clientId, filters.clientId) : undefined,
    );
  }

  return {
    async list(scope: InvitationScope, query: InvitationListQuery, tx: DbOrTx = db) {
      const where = listWhere(scope, query);
      const [items, [total]] = await Promise.all([
        tx
          .select(listColumns)
          .from(invitations)
          .innerJoin(sender, eq(sender.id, invitations.senderUserId))
          .leftJoin(clients, eq(clients.id, invitations.clientId))
          .where(where)
          .orderBy(...orderByFromQuery(sortable, query, { key: 'creationTime', desc: true }, invitations.id))
          .limit(query.limit)
          .offset(query.offset),
        tx.select({ value: count() }).from(invitations).where(where),
      ]);
      return { items, totalCount: total?.value ?? 0 };
    },

    async isRegisteredEmail(email: string, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx.select({ id: users.id }).from(users).where(sameEmail(users.emailAddress, email)).limit(1);
      return row !== undefined;
    },

    /** Owner or collaborator (active or not) of the client in scope, by e-mail, case-insensitive. */
    async isOwnerOrCollaborator(
      clientId: number,
      email: string,
      scope: ClientScope,
      tx: DbOrTx = db,
    ): Promise<boolean> {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            sameEmail(users.emailAddress, email),
            exists(
              tx
                .select({ one: clients.id })
                .from(clients)
                .where(and(eq(clients.id, clientId), clientScopeCondition(tx, scope))),
            ),
            or(
              exists(
                tx
                  .select({ one: clients.id })
                  .from(clients)
                  .where(and(eq(clients.id, clientId), eq(clients.ownerUserId, users.id))),
              ),
              exists(
                tx
                  .select({ one: clientCollaborators.clientId })
                  .from(clientCollaborators)
                  .where(and(eq(clientCollaborators.clientId, clientId), eq(clientCollaborators.userId, users.id))),
              ),
            ),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The user's current client, if it is still an active client in their scope (owned or actively collaborated on). */
    async findClientInScope(clientId: number, scope: ClientScope, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ id: clients.id, name: clients.name, ownerUserId: clients.ownerUserId })
        .from(clients)
        .where(and(eq(clients.id, clientId), eq(clients.isActive, true), clientScopeCondition(tx, scope)))
        .limit(1);
      return row ?? null;
    },

    /** Invitations from this sender to this address for this client (or none) that are not registered yet. */
    async deletePending(
      key: { senderUserId: number; clientId: number | null; recipientEmailAddress: string },
      tx: DbOrTx = db,
    ): Promise<number[]> {
      const rows = await tx
        .delete(invitations)
        .where(
          and(
            eq(invitations.senderUserId, key.senderUserId),
            key.clientId === null ? isNull(invitations.clientId) : eq(invitations.clientId, key.clientId),
            sameEmail(invitations.recipientEmailAddress, key.recipientEmailAddress),
            ne(invitations.status, INVITATION_STATUS.registered),
          ),
        )
        .returning({ id: invitations.id });
      return rows.map((row) => row.id);
    },

    async insert(
      row: {
        type: InvitationType;
        senderUserId: number;
        recipientEmailAddress: string;
        clientId: number | null;
        tokenHash: string;
        expiresAt: Date;
      },
      tx: DbOrTx = db,
    ): Promise<number> {
      const [inserted] = await tx.insert(invitations).values(row).returning({ id: invitations.id });
      return inserted!.id;
    },

    async findUsableByTokenHash(tokenHash: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select(invitationColumns)
        .from(invitations)
        .where(and(eq(invitations.tokenHash, tokenHash), usable()))
        .limit(1);
      return row ?? null;
    },

    /** Status 1 -> 2 the first time the link is opened; later openings leave the first time in place. */
    async markReceived(id: number, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(invitations)
        .set({ status: INVITATION_STATUS.received, receivedAt: sql`now()` })
        .where(and(eq(invitations.id, id), eq(invitations.status, INVITATION_STATUS.sent)));
    },

    /**
     * Marks a usable invitation registered, atomically: of two registrations racing with one link
     * exactly one gets the row back, so a link makes at most one account.
     */
    async consume(tokenHash: string, tx: DbOrTx = db) {
      const [row] = await tx
        .update(invitations)
        .set({ status: INVITATION_STATUS.registered, registeredAt: sql`now()` })
        .where(and(eq(invitations.tokenHash, tokenHash), usable()))
        .returning(invitationColumns);
      return row ?? null;
    },

    async setRegisteredUser(id: number, userId: number, tx: DbOrTx = db): Promise<void> {
      await tx.update(invitations).set({ registeredUserId: userId }).where(eq(invitations.id, id));
    },
  };
}
