import { and, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { BOOKKEEPING_SERVICE_NAME, CLIENT_TYPE } from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import { clientCollaboratorServices, clients, services } from '../../db/schema/index.js';
import { activeCollaboratorWithGrant } from '../clients/index.js';
import type { Principal } from '../auth/index.js';

declare const reconciliationScopeBrand: unique symbol;

/**
 * Which clients' bank links, accounts and transactions a caller may read or write
 * (docs/reconciliation.md; ADR 0010). Only business clients that use or have used bookkeeping are
 * reconciliation clients; staff reach every one of them, a client user only their current client, and
 * only when they own it or collaborate on it with the Bookkeeping service granted (DESIGN.md section 5:
 * a collaborator sees only the services granted to them). That differs from `ClientScope` (every
 * client the user sees, whatever the service), hence a scope of its own, resolved once per request.
 *
 * The brand makes `reconciliationScopeOf` the only way to get one.
 */
export interface ReconciliationScope {
  readonly [reconciliationScopeBrand]: true;
  /** The client user; null for staff. */
  readonly clientUserId: number | null;
  /** The current client of that user's session (null when none is chosen: nothing is in scope). */
  readonly currentClientId: number | null;
}

export async function reconciliationScopeOf(
  caller: Pick<Principal, 'userId' | 'isClient'>,
  lookup: { currentClientIdOf(userId: number): Promise<number | null> },
): Promise<ReconciliationScope> {
  if (!caller.isClient) return { clientUserId: null, currentClientId: null } as ReconciliationScope;
  const currentClientId = await lookup.currentClientIdOf(caller.userId);
  return { clientUserId: caller.userId, currentClientId } as ReconciliationScope;
}

/**
 * Business clients that use or have used bookkeeping: the only clients reconciliation knows. The
 * database keeps `used_bookkeeping_service_at_least_once` from the client's services (migration
 * 0028), and the current-client answer the web guard reads is the same column: one rule.
 */
function isReconciliationClient(): SQL {
  return and(eq(clients.clientType, CLIENT_TYPE.business), eq(clients.usedBookkeepingServiceAtLeastOnce, true))!;
}

function clientUserCondition(db: DbOrTx, userId: number, currentClientId: number | null): SQL {
  if (currentClientId === null) return sql`false`;
  const bookkeeping = db
    .select({ id: services.id })
    .from(services)
    .where(sql`lower(${services.name}) = ${BOOKKEEPING_SERVICE_NAME}`);
  const grantedCollaborator = activeCollaboratorWithGrant(
    db,
    clients.id,
    userId,
    inArray(clientCollaboratorServices.serviceId, bookkeeping),
  );
  return and(eq(clients.id, currentClientId), or(eq(clients.ownerUserId, userId), grantedCollaborator))!;
}

/**
 * The WHERE condition for rows whose client is `clientId` (by default `clients.id` itself). Never
 * empty: staff too see reconciliation clients only. For repositories only.
 */
export function reconciliationScopeCondition(
  db: DbOrTx,
  scope: ReconciliationScope,
  clientId: AnyPgColumn = clients.id,
): SQL {
  const onClients =
    scope.clientUserId === null
      ? isReconciliationClient()
      : and(isReconciliationClient(), clientUserCondition(db, scope.clientUserId, scope.currentClientId))!;
  if (clientId === clients.id) return onClients;
  return exists(
    db
      .select({ one: clients.id })
      .from(clients)
      .where(and(eq(clients.id, clientId), onClients)),
  );
}
