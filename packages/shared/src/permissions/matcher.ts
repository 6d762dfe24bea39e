import type { Permission } from './catalogue.js';

/**
 * The one permission matcher, used by the API (route preHandlers) and the web app (what to show).
 *
 * Rules (DESIGN.md section 5, spec 01 section 6):
 * - a held permission grants itself and everything beneath it by whole `:` segments:
 *   `reconciliation` grants `reconciliation:transaction:list`, never `reconciliations`;
 * - a requirement may list alternatives separated by `|`; any one of them suffices;
 * - `*` means anyone who is signed in;
 * - an empty requirement denies.
 */
export const ANY_SIGNED_IN = '*';

/**
 * What a route may require: anyone signed in, one permission, or two alternatives. Typed so that a
 * misspelt permission fails to compile instead of silently denying everyone.
 */
export type PermissionRequirement = typeof ANY_SIGNED_IN | Permission | `${Permission}|${Permission}`;

function grants(held: string, wanted: string): boolean {
  if (held === wanted) return true;
  // A prefix counts only when it ends on a segment boundary.
  return wanted.startsWith(held) && wanted.charAt(held.length) === ':';
}

export function hasPermission(held: readonly string[], requirement: string | null | undefined): boolean {
  if (!requirement) return false;
  const alternatives = requirement
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  if (alternatives.length === 0) return false;
  return alternatives.some((wanted) => {
    if (wanted === ANY_SIGNED_IN) return true;
    return held.some((permission) => permission.length > 0 && grants(permission, wanted));
  });
}
