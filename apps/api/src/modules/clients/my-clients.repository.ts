import { and, asc, eq, exists, or, sql } from 'drizzle-orm';
import type { ClientType } from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import { clientCollaborators, clients, users } from '../../db/schema/index.js';

export type MyClientsRepository = ReturnType<typeof createMyClientsRepository>;

/** The client accounts a client user acts for: those they own and those they actively collaborate on. */
export function createMyClientsRepository({ db }: { db: DbOrTx }) {
  const collaborates = (userId: number) =>
    exists(
      db
        .select({ one: clientCollaborators.clientId })
        .from(clientCollaborators)
        .where(
          and(
            eq(clientCollaborators.clientId, clients.id),
            eq(clientCollaborators.userId, userId),
            eq(clientCollaborators.isActive, true),
          ),
        ),
    );
  const columns = {
    id: clients.id,
    name: clients.name,
    clientType: clients.clientType,
    usedBookkeepingServiceAtLeastOnce: clients.usedBookkeepingServiceAtLeastOnce,
    ownerUserId: clients.ownerUserId,
  };

  return {
    findMany(userId: number, tx: DbOrTx = db) {
      return tx
        .select(columns)
        .from(clients)
        .where(and(eq(clients.isActive, true), or(eq(clients.ownerUserId, userId), collaborates(userId))))
        .orderBy(asc(clients.name), asc(clients.id));
    },

    async findById(userId: number, clientId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select(columns)
        .from(clients)
        .where(
          and(
            eq(clients.id, clientId),
            eq(clients.isActive, true),
            or(eq(clients.ownerUserId, userId), collaborates(userId)),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** A client the user owns; its advisor is the user's own advisor, read in the same statement. */
    async insertOwned(row: { ownerUserId: number; clientType: ClientType; name: string }, tx: DbOrTx = db) {
      const [inserted] = await tx
        .insert(clients)
        .values({
          ...row,
          advisorUserId: sql`(select ${users.advisorUserId} from ${users} where ${users.id} = ${row.ownerUserId})`,
        })
        .returning(columns);
      return inserted!;
    },
  };
}
