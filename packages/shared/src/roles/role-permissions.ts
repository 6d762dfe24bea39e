import { hasPermission } from '../permissions/matcher.js';
import { ALL_PERMISSIONS, PERMISSIONS, PERMISSION_AREAS, type Permission } from '../permissions/catalogue.js';

/**
 * Names of the permission areas, for the texts the API gives area-wide grants (a role holding
 * `client` holds every client permission, including ones added later).
 */
export const PERMISSION_AREA_LABELS: Record<string, string> = {
  role: 'Roles',
  user: 'Users',
  tag: 'Tags',
  service: 'Services',
  client: 'Clients',
  account: 'Accounts',
  invitation: 'Invitations',
  lead: 'Leads',
  received: 'Received documents',
  'my-upload': 'My uploads',
  bookkeeping: 'Bookkeeping',
  company: 'Companies',
  contractor: '1099 contractors',
  announcement: 'Announcements',
  coupon: 'Coupons',
  reconciliation: 'Reconciliations',
  request: 'Requests',
  'request-template': 'Request templates',
  'request-schedule': 'Recurring requests',
};

export function permissionArea(permission: string): string {
  return permission.split(':')[0]!;
}

/**
 * What a role may hold: a permission of the catalogue, or a whole area. The seeded roles hold areas
 * (DEFAULT_ROLE_PERMISSIONS), so a role read from the API and sent back unchanged must be accepted.
 */
export function isGrantablePermission(value: string): boolean {
  return value in PERMISSIONS || PERMISSION_AREAS.includes(value);
}

export function permissionDisplayName(permission: string): string {
  if (permission in PERMISSIONS) return PERMISSIONS[permission as Permission];
  if (PERMISSION_AREAS.includes(permission)) {
    return `${PERMISSION_AREA_LABELS[permission] ?? permission} (all permissions)`;
  }
  return permission;
}

/** The catalogue permissions a set of held permissions grants (areas expanded): what a picker ticks. */
export function expandPermissions(held: readonly string[]): Permission[] {
  return ALL_PERMISSIONS.filter((permission) => hasPermission(held, permission));
}

/**
 * The inverse of `expandPermissions` for saving a picker's choice. An area whose ticks are as the role
 * had them keeps the role's own entries (a held `client` stays `client`, which also grants client
 * permissions added later); a changed area is saved as exactly the permissions ticked.
 */
export function compactPermissions(selected: readonly string[], original: readonly string[] = []): string[] {
  const chosen = new Set(selected);
  const before = new Set(expandPermissions(original));
  return PERMISSION_AREAS.flatMap((area) => {
    const inArea = ALL_PERMISSIONS.filter((permission) => permissionArea(permission) === area);
    const unchanged = inArea.every((permission) => chosen.has(permission) === before.has(permission));
    if (unchanged) {
      return original.filter((permission) => permissionArea(permission) === area && isGrantablePermission(permission));
    }
    return inArea.filter((permission) => chosen.has(permission));
  });
}
