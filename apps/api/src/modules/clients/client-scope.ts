import { and, eq, exists, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { clientCollaborators, clientCollaboratorServices, clients } from '../../db/schema/index.js';
import type { Principal } from '../auth/index.js';

declare const clientScopeBrand: unique symbol;

/**
 * Which clients a caller may read or write (DESIGN.md section 5; ADR 0010): staff every client; a
 * client user only the clients they own or actively collaborate on. Resolved once per request from
 * the principal and handed to every repository method on client data as a required argument: only
 * repositories turn it into SQL, so a query without it does not compile and a client outside it
 * answers 404 like one that does not exist.
 *
 * The brand makes `clientScopeOf` and `EVERY_CLIENT` the only ways to get one.
 */
export interface ClientScope {
  readonly [clientScopeBrand]: true;
  /** The client user the scope belongs to; null for staff and the firm's own jobs (every client). */
  readonly clientUserId: number | null;
}

export function clientScopeOf(principal: Pick<Principal, 'userId' | 'isClient'>): ClientScope {
  return { clientUserId: principal.isClient ? principal.userId : null } as ClientScope;
}

/** The firm's own work (jobs, staff-only screens whose route already demands a staff permission). */
export const EVERY_CLIENT = { clientUserId: null } as ClientScope;

/**
 * The WHERE condition for rows whose client is `clientId` (by default `clients.id` itself): undefined
 * means every client. For repositories only.
 */
export function clientScopeCondition(
  db: DbOrTx,
  scope: ClientScope,
  clientId: AnyPgColumn = clients.id,
): SQL | undefined {
  const userId = scope.clientUserId;
  if (userId === null) return undefined;
  const collaborating = exists(
    db
      .select({ one: clientCollaborators.clientId })
      .from(clientCollaborators)
      .where(
        and(
          eq(clientCollaborators.clientId, clientId),
          eq(clientCollaborators.userId, userId),
          eq(clientCollaborators.isActive, true),
        ),
      ),
  );
  if (clientId === clients.id) return or(eq(clients.ownerUserId, userId), collaborating);
  const owned = exists(
    db
      .select({ one: clients.id })
      .from(clients)
      .where(and(eq(clients.id, clientId), eq(clients.ownerUserId, userId))),
  );
  return or(owned, collaborating);
}

declare const clientIdInScopeBrand: unique symbol;

/**
 * A client id read through a `ClientScope`: the compiler's proof that the caller may touch this
 * client, so the follow-up reads and writes of one request (its services, collaborators, spouse,
 * picture) need not repeat the scope's SQL. Only repositories make one (`clientIdInScope`), from a
 * row they read within a scope.
 */
export type ClientIdInScope = number & { readonly [clientIdInScopeBrand]: true };

/** For repositories only: marks the id of a client row just read within a scope. */
export function clientIdInScope(id: number): ClientIdInScope {
  return id as ClientIdInScope;
}

declare const accountHolderScopeBrand: unique symbol;

/**
 * The client accounts of the signed-in user (Accounts and the account switcher, spec 02 sections
 * 3 and 4): the clients they own and those they actively collaborate on, whatever their role, so
 * a staff member holding no account sees none (unlike `ClientScope`, where staff see every client).
 */
export interface AccountHolderScope {
  readonly [accountHolderScopeBrand]: true;
  readonly userId: number;
}

export function accountHolderScopeOf(principal: Pick<Principal, 'userId'>): AccountHolderScope {
  return { userId: principal.userId } as AccountHolderScope;
}

/** The WHERE condition for rows whose client (`clientId`) the holder owns or actively collaborates on. */
export function accountHolderScopeCondition(
  db: DbOrTx,
  scope: AccountHolderScope,
  clientId: AnyPgColumn = clients.id,
): SQL {
  return clientScopeCondition(db, { clientUserId: scope.userId } as ClientScope, clientId)!;
}

/** The clients the holder owns (owner-only actions such as managing collaborators). */
export function ownedByHolderCondition(scope: AccountHolderScope): SQL {
  return eq(clients.ownerUserId, scope.userId);
}

/**
 * EXISTS: `userId` is an active collaborator of the client `clientId` with a granted service that
 * meets `grantedService` (a condition on `client_collaborator_services.service_id`). The rule behind
 * every scope that follows a collaborator's grants (documents by their service, reconciliation by
 * Bookkeeping). For `*-scope.ts` files and repositories only.
 */
export function activeCollaboratorWithGrant(
  db: DbOrTx,
  clientId: AnyPgColumn,
  userId: number,
  grantedService: SQL,
): SQL {
  return exists(
    db
      .select({ one: clientCollaborators.clientId })
      .from(clientCollaborators)
      .innerJoin(
        clientCollaboratorServices,
        and(
          eq(clientCollaboratorServices.clientId, clientCollaborators.clientId),
          eq(clientCollaboratorServices.userId, clientCollaborators.userId),
        ),
      )
      .where(
        and(
          eq(clientCollaborators.clientId, clientId),
          eq(clientCollaborators.userId, userId),
          eq(clientCollaborators.isActive, true),
          grantedService,
        ),
      ),
  );
}
