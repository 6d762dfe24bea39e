import { eq, type SQL } from 'drizzle-orm';
import { ROLE_NAME } from '@ledgerport/shared';
import { invitations } from '../../db/schema/index.js';
import type { Principal } from '../auth/index.js';
import { clientScopeOf, type ClientScope } from '../clients/index.js';

declare const invitationScopeBrand: unique symbol;

/**
 * Which invitations a caller lists (ADR 0010). Admins see every invitation; advisors the ones they
 * sent; any other staff role granted invitation:list sees every invitation too (it was given the list
 * on purpose, and "sent by me" would be empty for roles that cannot send). Client users see the
 * invitations onto their current client, and none without a usable current client.
 *
 * The brand makes `invitationScopeOf` the only way to get one.
 */
export type InvitationScope = { readonly [invitationScopeBrand]: true } & (
  | { readonly kind: 'all' }
  | { readonly kind: 'sender'; readonly userId: number }
  | { readonly kind: 'client'; readonly clientId: number }
);

/**
 * The caller's scope; null for a client user without a usable current client (nothing to list).
 * `currentClientIn` answers the client user's current client when it is an active client in their
 * client scope.
 */
export async function invitationScopeOf(
  principal: Pick<Principal, 'userId' | 'isClient' | 'roles'>,
  currentClientIn: (scope: ClientScope) => Promise<number | null>,
): Promise<InvitationScope | null> {
  if (principal.isClient) {
    const clientId = await currentClientIn(clientScopeOf(principal));
    return clientId === null ? null : ({ kind: 'client', clientId } as InvitationScope);
  }
  if (!principal.roles.includes(ROLE_NAME.admin) && principal.roles.includes(ROLE_NAME.advisor)) {
    return { kind: 'sender', userId: principal.userId } as InvitationScope;
  }
  return { kind: 'all' } as InvitationScope;
}

/** The WHERE condition on `invitations`: undefined means every invitation. For repositories only. */
export function invitationScopeCondition(scope: InvitationScope): SQL | undefined {
  if (scope.kind === 'sender') return eq(invitations.senderUserId, scope.userId);
  if (scope.kind === 'client') return eq(invitations.clientId, scope.clientId);
  return undefined;
}
