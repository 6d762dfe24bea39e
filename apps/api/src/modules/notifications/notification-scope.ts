import { and, eq, exists, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { clientCollaboratorServices, clients, notifications } from '../../db/schema/index.js';
import type { Principal } from '../auth/index.js';
import {
  activeCollaboratorWithGrant,
  clientScopeCondition,
  clientScopeOf,
  type ClientScope,
} from '../clients/index.js';

declare const recipientScopeBrand: unique symbol;

/**
 * Whose notifications a caller may read and mark (ADR 0010): their own, and of those only the ones
 * they could still be told today. A client's collaborator whose access the owner has turned off stops
 * seeing what they were told about that client, and one who lost a service's grant what they were told
 * about that service: in the list, the count, mark-read and the e-mails alike.
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
    visibleService(db, scope),
  )!;
}

/**
 * Client users: a notification about a service only while that service is still theirs to see, by the
 * documents' and requests' rule (the owner sees every service; a collaborator those granted to them),
 * so a grant taken back hides what it had let them be told. Undefined (no condition) for staff.
 */
function visibleService(db: DbOrTx, scope: RecipientScope): SQL | undefined {
  const userId = scope.clients.clientUserId;
  if (userId === null) return undefined;
  const owner = exists(
    db
      .select({ one: clients.id })
      .from(clients)
      .where(and(eq(clients.id, notifications.clientId), eq(clients.ownerUserId, userId))),
  );
  const grantedCollaborator = activeCollaboratorWithGrant(
    db,
    notifications.clientId,
    userId,
    eq(clientCollaboratorServices.serviceId, notifications.serviceId),
  );
  return or(isNull(notifications.serviceId), owner, grantedCollaborator);
}
