import { CLIENT_TYPE, ROLE_NAME, hasPermission, type SessionUser } from '@ledgerport/shared';
import { useSession, type CurrentClient, type Session } from './session';

/**
 * What the web app needs to decide what to show. The API enforces every rule on its own; hiding
 * here only spares the user screens and buttons they cannot use (DESIGN.md section 5).
 */
export interface AccessContext {
  permissions: readonly string[];
  user: SessionUser | null;
  currentClient: CurrentClient | null;
}

/** Extra conditions some routes put on client users on top of the permission (spec 01 section 2.2). */
export type ClientRule = 'businessClient' | 'bookkeepingClient' | 'usesBookkeeping';

export function toAccessContext(session: Session): AccessContext {
  return { permissions: session.permissions, user: session.user, currentClient: session.currentClient };
}

/** Session roles are role names ("client"), unlike the display names of `users/me`. */
export function isClientUser(user: SessionUser | null): boolean {
  return user?.roles.includes(ROLE_NAME.client) ?? false;
}

export function satisfiesClientRule(context: AccessContext, rule: ClientRule): boolean {
  // Staff act for any client, so these rules only narrow what a client user sees.
  if (!isClientUser(context.user)) return true;
  const client = context.currentClient;
  // The month status is any bookkeeping client's, personal ones too (docs/bookkeeping.md).
  if (rule === 'usesBookkeeping') return client?.usedBookkeepingServiceAtLeastOnce ?? false;
  if (!client || client.clientType !== CLIENT_TYPE.business) return false;
  // 1099 contractors exist for businesses; reconciliation for a business that has used bookkeeping.
  return rule === 'businessClient' || client.usedBookkeepingServiceAtLeastOnce;
}

/** A requirement without a permission denies, as an empty requirement does in `hasPermission`. */
export interface AccessRequirement {
  permission?: string;
  clientRule?: ClientRule;
}

export function isAllowed(context: AccessContext, requirement: AccessRequirement): boolean {
  if (!hasPermission(context.permissions, requirement.permission)) return false;
  return requirement.clientRule === undefined || satisfiesClientRule(context, requirement.clientRule);
}

export function useAuthorization() {
  const session = useSession();
  const context = toAccessContext(session);
  return {
    context,
    isClient: isClientUser(session.user),
    can: (permission: string) => hasPermission(session.permissions, permission),
    allows: (requirement: AccessRequirement) => isAllowed(context, requirement),
  };
}
