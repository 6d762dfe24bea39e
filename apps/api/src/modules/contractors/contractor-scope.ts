import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { contractors } from '../../db/schema/index.js';
import type { Principal } from '../auth/index.js';
import { clientScopeOf, type ClientScope } from '../clients/index.js';

declare const contractorScopeBrand: unique symbol;

/**
 * Which contractors a caller may read or write (spec 01 §2.2/§2.4; ADR 0010): staff those of every
 * client; a client user only those of their current client, which must be a business they own or
 * actively collaborate on. Unlike `ClientScope` it is one client, not every client the user may see,
 * so it is resolved once per request (one query) and handed to every contractors repository method.
 *
 * The brand makes `contractorScopeOf` the only way to get one.
 */
export interface ContractorScope {
  readonly [contractorScopeBrand]: true;
  /** The client user's current business client; null for staff (every client). */
  readonly clientId: number | null;
}

/** The query the scope is resolved with: the session's current client when it is a business in the user's client scope. */
export interface CurrentBusinessClientLookup {
  currentBusinessClient(scope: ClientScope, currentClientId: number | null): Promise<number | null>;
}

/** The caller's scope; null when a client user has no business current client (the feature is closed to them). */
export async function contractorScopeOf(
  principal: Pick<Principal, 'userId' | 'isClient' | 'currentClientId'>,
  lookup: CurrentBusinessClientLookup,
): Promise<ContractorScope | null> {
  if (!principal.isClient) return { clientId: null } as ContractorScope;
  const clientId = await lookup.currentBusinessClient(clientScopeOf(principal), principal.currentClientId);
  return clientId === null ? null : ({ clientId } as ContractorScope);
}

/** The WHERE condition for rows whose client is `clientId` (by default the contractor's): undefined means every client. For repositories only. */
export function contractorScopeCondition(
  scope: ContractorScope,
  clientId: AnyPgColumn = contractors.clientId,
): SQL | undefined {
  return scope.clientId === null ? undefined : eq(clientId, scope.clientId);
}
