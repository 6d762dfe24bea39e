import { and, asc, eq, getTableColumns, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { lockCurrentVersion, rowVersion } from '../../lib/row-version.js';
import { clientIdInScope, clientScopeCondition, type ClientIdInScope, type ClientScope } from './client-scope.js';
import {
  clientCollaboratorServices,
  clientCollaborators,
  clientProfilePictures,
  clientServices,
  clientSpouses,
  clients,
  services,
  states,
  users,
} from '../../db/schema/index.js';

export type ClientEditRepository = ReturnType<typeof createClientEditRepository>;

export type ClientRow = Omit<typeof clients.$inferSelect, 'id'> & { id: ClientIdInScope; version: string };
export type ClientRowUpdate = Partial<
  Omit<typeof clients.$inferInsert, 'id' | 'clientType' | 'createdAt' | 'isActive' | 'ownerUserId'>
> & { ownerUserId: number };
export type SpouseRow = typeof clientSpouses.$inferSelect;

const fullName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/** Services whose name marks the bookkeeping service (spec 01 section 2.2). */
const BOOKKEEPING_SERVICE_NAME = 'bookkeeping';

/** The edit form's client, its services, collaborators, spouse and picture: SQL only. */
export function createClientEditRepository({ db }: { db: DbOrTx }) {
  return {
    async findById(id: number, scope: ClientScope, tx: DbOrTx = db): Promise<ClientRow | null> {
      const [row] = await tx
        .select({ ...getTableColumns(clients), version: rowVersion(clients) })
        .from(clients)
        .where(and(eq(clients.id, id), clientScopeCondition(tx, scope)))
        .limit(1);
      return row ? { ...row, id: clientIdInScope(row.id) } : null;
    },

    /** Locks the client's row and refuses a stale If-Match (412, lib/row-version.ts). */
    async lockVersion(clientId: ClientIdInScope, expected: string[] | null, tx: DbOrTx): Promise<void> {
      await lockCurrentVersion(tx, {
        table: clients,
        where: eq(clients.id, clientId),
        expected,
        objectType: 'client',
        objectId: clientId,
      });
    },

    async userFullName(userId: number, tx: DbOrTx = db): Promise<string> {
      const [row] = await tx.select({ fullName }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.fullName ?? '';
    },

    async serviceIds(clientId: ClientIdInScope, tx: DbOrTx = db): Promise<number[]> {
      const rows = await tx
        .select({ serviceId: clientServices.serviceId })
        .from(clientServices)
        .where(eq(clientServices.clientId, clientId))
        .orderBy(asc(clientServices.serviceId));
      return rows.map((row) => row.serviceId);
    },

    async collaborators(clientId: ClientIdInScope, tx: DbOrTx = db) {
      const rows = await tx
        .select({ userId: clientCollaborators.userId, isActive: clientCollaborators.isActive, fullName })
        .from(clientCollaborators)
        .innerJoin(users, eq(users.id, clientCollaborators.userId))
        .where(eq(clientCollaborators.clientId, clientId))
        .orderBy(asc(clientCollaborators.createdAt), asc(clientCollaborators.userId));
      const grants = await tx
        .select({ userId: clientCollaboratorServices.userId, serviceId: clientCollaboratorServices.serviceId })
        .from(clientCollaboratorServices)
        .where(eq(clientCollaboratorServices.clientId, clientId))
        .orderBy(asc(clientCollaboratorServices.serviceId));
      return rows.map((row) => ({
        ...row,
        services: grants.filter((grant) => grant.userId === row.userId).map((grant) => grant.serviceId),
      }));
    },

    async findSpouse(clientId: ClientIdInScope, tx: DbOrTx = db): Promise<SpouseRow | null> {
      const [row] = await tx.select().from(clientSpouses).where(eq(clientSpouses.clientId, clientId)).limit(1);
      return row ?? null;
    },

    async hasPicture(clientId: ClientIdInScope, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx
        .select({ clientId: clientProfilePictures.clientId })
        .from(clientProfilePictures)
        .where(eq(clientProfilePictures.clientId, clientId))
        .limit(1);
      return row !== undefined;
    },

    async findPicture(clientId: ClientIdInScope, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          contentType: clientProfilePictures.contentType,
          data: clientProfilePictures.data,
          updatedAt: clientProfilePictures.updatedAt,
        })
        .from(clientProfilePictures)
        .where(eq(clientProfilePictures.clientId, clientId))
        .limit(1);
      return row ?? null;
    },

    /** Which of these ids are services (any state: a client may keep a service deactivated later). */
    async existingServiceIds(ids: number[], tx: DbOrTx = db): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await tx.select({ id: services.id }).from(services).where(inArray(services.id, ids));
      return new Set(rows.map((row) => row.id));
    },

    async includesBookkeeping(ids: number[], tx: DbOrTx = db): Promise<boolean> {
      if (ids.length === 0) return false;
      const [row] = await tx
        .select({ id: services.id })
        .from(services)
        .where(and(inArray(services.id, ids), sql`lower(${services.name}) = ${BOOKKEEPING_SERVICE_NAME}`))
        .limit(1);
      return row !== undefined;
    },

    async stateExists(stateId: number, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx.select({ id: states.id }).from(states).where(eq(states.id, stateId)).limit(1);
      return row !== undefined;
    },

    async update(clientId: ClientIdInScope, values: ClientRowUpdate, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(clients)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(clients.id, clientId));
    },

    async replaceServices(clientId: ClientIdInScope, serviceIds: number[], tx: DbOrTx = db): Promise<void> {
      await tx.delete(clientServices).where(eq(clientServices.clientId, clientId));
      if (serviceIds.length > 0) {
        await tx.insert(clientServices).values(serviceIds.map((serviceId) => ({ clientId, serviceId })));
      }
    },

    /**
     * Makes the collaborators exactly these, keeping each remaining one's active state and creation
     * time; a new one starts active. Their service grants are replaced as given.
     */
    async replaceCollaborators(
      clientId: ClientIdInScope,
      collaborators: { userId: number; services: number[] }[],
      tx: DbOrTx = db,
    ): Promise<void> {
      const keep = collaborators.map((collaborator) => collaborator.userId);
      await tx
        .delete(clientCollaborators)
        .where(
          and(
            eq(clientCollaborators.clientId, clientId),
            keep.length > 0 ? notInArray(clientCollaborators.userId, keep) : undefined,
          ),
        );
      if (collaborators.length > 0) {
        await tx
          .insert(clientCollaborators)
          .values(collaborators.map(({ userId }) => ({ clientId, userId })))
          .onConflictDoNothing();
      }
      await tx.delete(clientCollaboratorServices).where(eq(clientCollaboratorServices.clientId, clientId));
      const grants = collaborators.flatMap(({ userId, services: ids }) =>
        ids.map((serviceId) => ({ clientId, userId, serviceId })),
      );
      if (grants.length > 0) await tx.insert(clientCollaboratorServices).values(grants);
    },

    async upsertSpouse(clientId: ClientIdInScope, spouse: Omit<SpouseRow, 'clientId'>, tx: DbOrTx = db): Promise<void> {
      await tx
        .insert(clientSpouses)
        .values({ clientId, ...spouse })
        .onConflictDoUpdate({ target: clientSpouses.clientId, set: spouse });
    },

    async deleteSpouse(clientId: ClientIdInScope, tx: DbOrTx = db): Promise<void> {
      await tx.delete(clientSpouses).where(eq(clientSpouses.clientId, clientId));
    },

    async upsertPicture(clientId: ClientIdInScope, picture: { contentType: string; data: Buffer }, tx: DbOrTx = db) {
      await tx
        .insert(clientProfilePictures)
        .values({ clientId, ...picture })
        .onConflictDoUpdate({ target: clientProfilePictures.clientId, set: { ...picture, updatedAt: sql`now()` } });
    },

    async deletePicture(clientId: ClientIdInScope, tx: DbOrTx = db): Promise<void> {
      await tx.delete(clientProfilePictures).where(eq(clientProfilePictures.clientId, clientId));
    },
  };
}
