import { and, eq, exists, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { clientCollaboratorServices, clients, requests } from '../../db/schema/index.js';
import type { Principal } from '../auth/index.js';
import { activeCollaboratorWithGrant } from '../clients/index.js';

declare const requestScopeBrand: unique symbol;

/**
 * Which requests a caller may see (docs/requests.md; ADR 0010), by the documents' rule, since a
 * request is answered with documents filed under its service:
 *
 * - staff see the requests of every client;
 * - a client user those of their current client only: all of them as its owner; as an active
 *   collaborator, those of the services granted to them.
 *
 * Resolved once per request from the principal (which carries the current client: no query) and
 * handed to every requests repository method; a request outside it answers 404.
 */
export interface RequestScope {
  readonly [requestScopeBrand]: true;
  readonly userId: number;
  readonly isClient: boolean;
  /** Client users: the client they act for (null: none chosen, so nothing is visible). */
  readonly currentClientId: number | null;
}

export function requestScopeOf(principal: Pick<Principal, 'userId' | 'isClient' | 'currentClientId'>): RequestScope {
  return {
    userId: principal.userId,
    isClient: principal.isClient,
    currentClientId: principal.isClient ? principal.currentClientId : null,
  } as RequestScope;
}

/** The WHERE condition on `requests` for what the scope may see; undefined means everything. For repositories only. */
export function requestScopeCondition(db: DbOrTx, scope: RequestScope): SQL | undefined {
  if (!scope.isClient) return undefined;
  if (scope.currentClientId === null) return eq(requests.id, -1);
  const owner = exists(
    db
      .select({ one: clients.id })
      .from(clients)
      .where(and(eq(clients.id, requests.clientId), eq(clients.ownerUserId, scope.userId))),
  );
  const grantedCollaborator = activeCollaboratorWithGrant(
    db,
    requests.clientId,
    scope.userId,
    eq(clientCollaboratorServices.serviceId, requests.serviceId),
  );
  return and(eq(requests.clientId, scope.currentClientId), or(owner, grantedCollaborator));
}

declare const requestIdInScopeBrand: unique symbol;

/**
 * A request id read through a `RequestScope`: the compiler's proof that the caller may touch it, so
 * the follow-up reads and writes of one call (its items, their tags and documents) need not repeat
 * the scope's SQL. Only repositories make one (`requestIdInScope`).
 */
export type RequestIdInScope = number & { readonly [requestIdInScopeBrand]: true };

/** For repositories only: marks the id of a request row just read within a scope. */
export function requestIdInScope(id: number): RequestIdInScope {
  return id as RequestIdInScope;
}

declare const requestTargetInScopeBrand: unique symbol;

/** A client and one of its active services, read within the caller's client scope: where a new request goes. */
export type RequestTargetInScope = {
  readonly clientId: number;
  readonly serviceId: number;
  readonly [requestTargetInScopeBrand]: true;
};

/** For repositories only: marks a client and service just checked within a scope. */
export function requestTargetInScope(clientId: number, serviceId: number): RequestTargetInScope {
  return { clientId, serviceId } as RequestTargetInScope;
}
