import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import type { Principal } from '../auth/index.js';
import { clientScopeCondition, clientScopeOf, type ClientScope } from '../clients/index.js';

declare const recipientScopeBrand: unique symbol;

/**
 * Whose notifications a caller may read and mark (ADR 0010): their own, and of those only the ones
 * about a client they can still see. A collaborator whose access the owner has turned off stops
 * seeing what they were told about that client, in the list and in the count.
 */
export interface RecipientScope {
  readonly [recipientScopeBrand]: true;
  readonly userId: number;
  readonly clients: ClientScope;
}

export function recipientScopeOf(principal: Pick<Principal, 'userId' | 'isClient'>): RecipientScope {
  return { userId: principal.userId, clients: clientScopeOf(principal) } as RecipientScope;
}

/** The WHERE condition on `notifications` for the scope. For repositories only. */
export function recipientScopeCondition(db: DbOrTx, scope: RecipientScope): SQL {
  const visibleClient = clientScopeCondition(db, scope.clients, notifications.clientId);
  return and(
    eq(notifications.recipientUserId, scope.userId),
    visibleClient === undefined ? undefined : or(isNull(notifications.clientId), visibleClient),
  )!;
}
