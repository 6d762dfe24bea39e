import { and, asc, eq, sql } from 'drizzle-orm';
import type { ClientType } from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import { clients, users } from '../../db/schema/index.js';
import { accountHolderScopeCondition, type AccountHolderScope } from './client-scope.js';

export type MyClientsRepository = ReturnType<typeof createMyClientsRepository>;

/** The client accounts a client user acts for: those they own and those they actively collaborate on. */
export function createMyClientsRepository({ db }: { db: DbOrTx }) {
  const columns = {
    id: clients.id,
    name: clients.name,
    clientType: clients.clientType,
    usedBookkeepingServiceAtLeastOnce: clients.usedBookkeepingServiceAtLeastOnce,
    ownerUserId: clients.ownerUserId,
  };

  return {
    findMany(scope: AccountHolderScope, tx: DbOrTx = db) {
      return tx
        .select(columns)
        .from(clients)
        .where(and(eq(clients.isActive, true), accountHolderScopeCondition(tx, scope)))
        .orderBy(asc(clients.name), asc(clients.id));
    },

    async findById(clientId: number, scope: AccountHolderScope, tx: DbOrTx = db) {
      const [row] = await tx
        .select(columns)
        .from(clients)
        .where(and(eq(clients.id, clientId), eq(clients.isActive, true), accountHolderScopeCondition(tx, scope)))
        .limit(1);
      return row ?? null;
    },

    /** A client the holder owns; its advisor is the holder's own advisor, read in the same statement. */
    async insertOwned(scope: AccountHolderScope, row: { clientType: ClientType; name: string }, tx: DbOrTx = db) {
      const [inserted] = await tx
        .insert(clients)
        .values({
          ...row,
          ownerUserId: scope.userId,
          advisorUserId: sql`(select ${users.advisorUserId} from ${users} where ${users.id} = ${scope.userId})`,
        })
        .returning(columns);
      return inserted!;
    },
  };
}
