import { and, asc, eq, exists, inArray, sql, type AnyColumn } from 'drizzle-orm';
import { lockCurrentVersion, rowVersion } from '../../lib/row-version.js';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { accountHolderScopeCondition, ownedByHolderCondition, type AccountHolderScope } from './client-scope.js';
import {
  clientCollaboratorServices,
  clientCollaborators,
  clientServices,
  clientSpouses,
  clients,
  lastChosenClients,
  services,
  sessions,
  states,
  users,
} from '../../db/schema/index.js';

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;

const fullNameOf = (table: { firstName: AnyColumn; lastName: AnyColumn }) =>
  sql<string>`${table.firstName} || ' ' || ${table.lastName}`;

/** The Accounts screen of a client user: clients they own and clients they actively collaborate on. */
export function createAccountsRepository({ db }: { db: DbOrTx }) {
  const owner = alias(users, 'owner');
  const advisor = alias(users, 'advisor');
  const collaborator = alias(users, 'collaborator');
  const activeCollaboration = (scope: AccountHolderScope) =>
    and(
      eq(clientCollaborators.clientId, clients.id),
      eq(clientCollaborators.userId, scope.userId),
      eq(clientCollaborators.isActive, true),
    );

  return {
    findOwned(scope: AccountHolderScope, tx: DbOrTx = db) {
      return tx
        .select({
          id: clients.id,
          clientType: clients.clientType,
          name: clients.name,
          ssnEncrypted: clients.ssnEncrypted,
          tinEncrypted: clients.tinEncrypted,
          advisorId: advisor.id,
          advisorFullName: fullNameOf(advisor),
        })
        .from(clients)
        .leftJoin(advisor, eq(advisor.id, clients.advisorUserId))
        .where(and(ownedByHolderCondition(scope), eq(clients.isActive, true)))
        .orderBy(asc(clients.name), asc(clients.id));
    },

    findCollaborating(scope: AccountHolderScope, tx: DbOrTx = db) {
      return tx
        .select({
          id: clients.id,
          clientType: clients.clientType,
          name: clients.name,
          ownerId: owner.id,
          ownerFullName: fullNameOf(owner),
        })
        .from(clients)
        .innerJoin(clientCollaborators, activeCollaboration(scope))
        .innerJoin(owner, eq(owner.id, clients.ownerUserId))
        .where(eq(clients.isActive, true))
        .orderBy(asc(clients.name), asc(clients.id));
    },

    /** Collaborators (active or not) of the given clients, with the display names of their granted services. */
    async findCollaborators(clientIds: number[], scope: AccountHolderScope, tx: DbOrTx = db) {
      if (clientIds.length === 0) return [];
      return tx
        .select({
          clientId: clientCollaborators.clientId,
          userId: clientCollaborators.userId,
          version: rowVersion(clientCollaborators),
          isActive: clientCollaborators.isActive,
          fullName: fullNameOf(collaborator),
          services: sql<string[]>`coalesce(array(
            select ${services.displayName} from ${clientCollaboratorServices}
            join ${services} on ${services.id} = ${clientCollaboratorServices.serviceId}
            where ${clientCollaboratorServices.clientId} = ${clientCollaborators.clientId}
              and ${clientCollaboratorServices.userId} = ${clientCollaborators.userId}
            order by ${services.displayName}), '{}')`,
        })
        .from(clientCollaborators)
        .innerJoin(collaborator, eq(collaborator.id, clientCollaborators.userId))
        .where(
          and(
            inArray(clientCollaborators.clientId, clientIds),
            accountHolderScopeCondition(tx, scope, clientCollaborators.clientId),
          ),
        )
        .orderBy(asc(collaborator.firstName), asc(collaborator.lastName), asc(collaborator.id));
    },

    /** Display names of the services granted to one collaborator on each of the given clients. */
    async findGrantedServices(clientIds: number[], scope: AccountHolderScope, tx: DbOrTx = db) {
      if (clientIds.length === 0) return [];
      return tx
        .select({ clientId: clientCollaboratorServices.clientId, displayName: services.displayName })
        .from(clientCollaboratorServices)
        .innerJoin(services, eq(services.id, clientCollaboratorServices.serviceId))
        .where(
          and(
            eq(clientCollaboratorServices.userId, scope.userId),
            inArray(clientCollaboratorServices.clientId, clientIds),
          ),
        )
        .orderBy(asc(services.displayName));
    },

    async findClientServices(clientId: number, scope: AccountHolderScope, tx: DbOrTx = db) {
      const rows = await tx
        .select({ displayName: services.displayName })
        .from(clientServices)
        .innerJoin(services, eq(services.id, clientServices.serviceId))
        .where(
          and(eq(clientServices.clientId, clientId), accountHolderScopeCondition(tx, scope, clientServices.clientId)),
        )
        .orderBy(asc(services.displayName));
      return rows.map((row) => row.displayName);
    },

    /** The client's details when the user owns it or actively collaborates on it; null otherwise. */
    async findDetails(clientId: number, scope: AccountHolderScope, tx: DbOrTx = db) {
      const stateOfClient = alias(states, 'client_state');
      const [row] = await tx
        .select({
          client: clients,
          stateName: stateOfClient.name,
          ownerId: owner.id,
          ownerFullName: fullNameOf(owner),
          advisorId: advisor.id,
          advisorFullName: fullNameOf(advisor),
        })
        .from(clients)
        .innerJoin(owner, eq(owner.id, clients.ownerUserId))
        .leftJoin(advisor, eq(advisor.id, clients.advisorUserId))
        .leftJoin(stateOfClient, eq(stateOfClient.id, clients.stateId))
        .where(and(eq(clients.id, clientId), eq(clients.isActive, true), accountHolderScopeCondition(tx, scope)))
        .limit(1);
      return row ?? null;
    },

    async findSpouse(clientId: number, scope: AccountHolderScope, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ spouse: clientSpouses, stateName: states.name })
        .from(clientSpouses)
        .leftJoin(states, eq(states.id, clientSpouses.stateId))
        .where(
          and(eq(clientSpouses.clientId, clientId), accountHolderScopeCondition(tx, scope, clientSpouses.clientId)),
        )
        .limit(1);
      return row ?? null;
    },

    async isOwner(clientId: number, scope: AccountHolderScope, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.id, clientId), ownedByHolderCondition(scope), eq(clients.isActive, true)))
        .limit(1);
      return row !== undefined;
    },

    /** Owner-only. Returns whether the collaborator row exists on a client the holder owns. */
    /**
     * Locks the collaboration and refuses a stale If-Match (412). The service has checked that the
     * caller owns the client. Who saved last is read from the collaborator's own audit events.
     * @unscoped the service has just checked that the caller owns the client
     */
    async lockCollaboratorVersion(clientId: number, userId: number, expected: string[] | null, tx: DbOrTx) {
      return lockCurrentVersion(tx, {
        table: clientCollaborators,
        where: and(eq(clientCollaborators.clientId, clientId), eq(clientCollaborators.userId, userId))!,
        expected,
        objectType: 'user',
        objectId: userId,
      });
    },

    async setCollaboratorActive(
      clientId: number,
      userId: number,
      isActive: boolean,
      scope: AccountHolderScope,
      tx: DbOrTx = db,
    ) {
      const owned = tx
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.id, clientCollaborators.clientId), ownedByHolderCondition(scope)));
      const rows = await tx
        .update(clientCollaborators)
        .set({ isActive })
        .where(and(eq(clientCollaborators.clientId, clientId), eq(clientCollaborators.userId, userId), exists(owned)))
        .returning({ userId: clientCollaborators.userId });
      return rows.length > 0;
    },

    /** The holder leaves a client; the granted services go with the row (cascade). Returns whether one was deleted. */
    async deleteCollaboration(clientId: number, scope: AccountHolderScope, tx: DbOrTx = db) {
      const rows = await tx
        .delete(clientCollaborators)
        .where(and(eq(clientCollaborators.clientId, clientId), eq(clientCollaborators.userId, scope.userId)))
        .returning({ userId: clientCollaborators.userId });
      return rows.length > 0;
    },

    /**
     * The user has lost this client: every session of theirs acting for it acts for none, and their
     * next sign-in does not start on it (ADR 0014). The users row is not touched.
     */
    async clearCurrentClient(userId: number, clientId: number, tx: DbOrTx = db) {
      await tx
        .update(sessions)
        .set({ currentClientId: null })
        .where(and(eq(sessions.userId, userId), eq(sessions.currentClientId, clientId)));
      await tx
        .update(lastChosenClients)
        .set({ clientId: null })
        .where(and(eq(lastChosenClients.userId, userId), eq(lastChosenClients.clientId, clientId)));
    },
  };
}
