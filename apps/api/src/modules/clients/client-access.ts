import { and, eq, exists, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clientCollaborators, clients } from '../../db/schema/index.js';
import type { Principal } from '../auth/auth.service.js';

/**
 * Which clients a caller may see, as a WHERE condition on `clients` (DESIGN.md section 5): staff
 * see every client; a client user only the clients they own or actively collaborate on. Every
 * query that takes a client id puts this in its WHERE clause, so anything else answers 404.
 */
export function visibleClients(db: Db, principal: Pick<Principal, 'userId' | 'isClient'>): SQL | undefined {
  if (!principal.isClient) return undefined;
  return or(
    eq(clients.ownerUserId, principal.userId),
    exists(
      db
        .select({ one: clientCollaborators.clientId })
        .from(clientCollaborators)
        .where(
          and(
            eq(clientCollaborators.clientId, clients.id),
            eq(clientCollaborators.userId, principal.userId),
            eq(clientCollaborators.isActive, true),
          ),
        ),
    ),
  );
}

/** Whether the caller may see this client; services answer 404 when not. */
export async function canSeeClient(
  db: Db,
  principal: Pick<Principal, 'userId' | 'isClient'>,
  clientId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, clientId), visibleClients(db, principal)))
    .limit(1);
  return row !== undefined;
}
