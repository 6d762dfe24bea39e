import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { clientFollowers, clients } from '../../db/schema/index.js';
import { clientScopeCondition, type ClientScope } from '../clients/index.js';

export type ClientFollowersRepository = ReturnType<typeof createClientFollowersRepository>;

/** Who follows which client. Every method reads the client within the caller's scope: outside it is 404. */
export function createClientFollowersRepository({ db }: { db: DbOrTx }) {
  async function clientInScope(scope: ClientScope, clientId: number, tx: DbOrTx): Promise<boolean> {
    const [row] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.id, clientId), clientScopeCondition(tx, scope)));
    return row !== undefined;
  }

  return {
    /** Whether the user follows the client; null when the client is outside the scope. */
    async isFollowing(scope: ClientScope, clientId: number, userId: number, tx: DbOrTx = db) {
      if (!(await clientInScope(scope, clientId, tx))) return null;
      const [row] = await tx
        .select({ userId: clientFollowers.userId })
        .from(clientFollowers)
        .where(and(eq(clientFollowers.clientId, clientId), eq(clientFollowers.userId, userId)));
      return row !== undefined;
    },

    /** Follows (again: no change). False when the client is outside the scope. */
    async follow(scope: ClientScope, clientId: number, userId: number, tx: DbOrTx = db): Promise<boolean> {
      if (!(await clientInScope(scope, clientId, tx))) return false;
      await tx.insert(clientFollowers).values({ clientId, userId }).onConflictDoNothing();
      return true;
    },

    /** Stops following (not following: no change). False when the client is outside the scope. */
    async unfollow(scope: ClientScope, clientId: number, userId: number, tx: DbOrTx = db): Promise<boolean> {
      if (!(await clientInScope(scope, clientId, tx))) return false;
      await tx
        .delete(clientFollowers)
        .where(and(eq(clientFollowers.clientId, clientId), eq(clientFollowers.userId, userId)));
      return true;
    },
  };
}
