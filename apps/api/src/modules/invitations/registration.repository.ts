import { and, eq, sql } from 'drizzle-orm';
import { ROLE_NAME } from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  clientCollaboratorServices,
  clientCollaborators,
  clientServices,
  clients,
  roles,
  userRoles,
  users,
} from '../../db/schema/index.js';

export type RegistrationRepository = ReturnType<typeof createRegistrationRepository>;

/** The SQL behind turning an invitation into a client user. */
export function createRegistrationRepository({ db }: { db: DbOrTx }) {
  return {
    /** Usernames (lower-cased) that start with `prefix`, to pick a free one next to them. */
    async findUsernamesStartingWith(prefix: string, tx: DbOrTx = db): Promise<Set<string>> {
      const escaped = prefix.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
      const rows = await tx
        .select({ username: sql<string>`lower(${users.username})` })
        .from(users)
        .where(sql`lower(${users.username}) like ${`${escaped}%`}`);
      return new Set(rows.map((row) => row.username));
    },

    async hasRole(userId: number, roleName: string, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx
        .select({ one: userRoles.userId })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(and(eq(userRoles.userId, userId), eq(roles.name, roleName)))
        .limit(1);
      return row !== undefined;
    },

    /** @unscoped registration by an invitation link: no caller yet; the client is the one its owner invited onto */
    async findClientAdvisor(clientId: number, tx: DbOrTx = db): Promise<number | null> {
      const [row] = await tx
        .select({ advisorUserId: clients.advisorUserId })
        .from(clients)
        .where(eq(clients.id, clientId))
        .limit(1);
      return row?.advisorUserId ?? null;
    },

    async insertClientUser(
      row: {
        firstName: string;
        lastName: string;
        username: string;
        emailAddress: string;
        phoneNumber: string;
        passwordHash: string;
        inviterUserId: number;
        advisorUserId: number | null;
      },
      tx: DbOrTx = db,
    ): Promise<number> {
      const [user] = await tx.insert(users).values(row).returning({ id: users.id });
      const userId = user!.id;
      const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, ROLE_NAME.client)).limit(1);
      if (!role) throw new Error('The client role is missing: the database was not seeded.');
      await tx.insert(userRoles).values({ userId, roleId: role.id });
      return userId;
    },

    /**
     * A new collaborator gets every service of the client (spec 02 section 4).
     *
     * @unscoped the new user's first rows, written before any scope exists, onto the client its owner invited them to
     */
    async insertCollaborator(clientId: number, userId: number, tx: DbOrTx = db): Promise<void> {
      await tx.insert(clientCollaborators).values({ clientId, userId, isActive: true });
      await tx.insert(clientCollaboratorServices).select(
        tx
          .select({
            clientId: clientServices.clientId,
            userId: sql<number>`${userId}`.as('user_id'),
            serviceId: clientServices.serviceId,
          })
          .from(clientServices)
          .where(eq(clientServices.clientId, clientId)),
      );
    },
  };
}
