import { ROLE_NAME, type RoleName } from '../common/constants.js';

/**
 * Every permission the product checks, with the text the Roles screen shows for it.
 * Roles hold these as data; the table below is only the seed of the demo firm.
 */
export const PERMISSIONS = {
  'role:list': 'List roles',
  'role:add': 'Create roles',
  'role:edit': 'Edit roles',
  'role:delete': 'Delete roles',
  'user:list': 'List users',
  'user:export': 'Export users',
  'user:add': 'Create users',
  'user:edit': 'Edit users',
  'user:change-status': 'Activate and deactivate users',
  'user:reset-password': "Reset users' passwords",
  'tag:list': 'List tag groups and tags',
  'tag:add': 'Create tag groups and tags',
  'tag:edit': 'Edit tag groups and tags',
  'tag:delete': 'Delete tag groups and tags',
  'tag:change-status': 'Activate and deactivate tags',
  'service:list': 'List services',
  'service:add': 'Create services',
  'service:edit': 'Edit services',
  'service:delete': 'Delete services',
  'service:change-status': 'Activate and deactivate services',
  'client:list': 'List clients',
  'client:view': 'View client details',
  'client:add': 'Create clients',
  'client:edit': 'Edit clients',
  'client:delete': 'Delete clients',
  'client:change-status': 'Activate and deactivate clients',
  'client:export': 'Export clients',
  'client:send-email': 'Send e-mail to clients',
  'account:list': 'Switch between client accounts',
  'invitation:list': 'List invitations',
  'invitation:send': 'Send invitations',
  'lead:list': 'List leads',
  'lead:view': 'View lead details',
  'lead:delete': 'Delete leads',
  'lead:export': 'Export leads',
  'received:list': 'List received documents',
  'received:edit': 'Edit received documents',
  'received:delete': 'Delete received documents',
  'received:change-status': 'Change the status of received documents',
  'my-upload:list': 'List my uploads',
  'my-upload:add': 'Upload documents',
  'my-upload:edit': 'Edit my uploads',
  'my-upload:delete': 'Delete my uploads',
  'bookkeeping:list': 'List the bookkeeping tracker',
  'bookkeeping:edit': 'Edit the bookkeeping tracker',
  'company:list': 'List companies',
  'company:view': 'View company details',
  'contractor:list': 'List 1099 contractors',
  'contractor:add': 'Add 1099 contractors',
  'contractor:edit': 'Edit 1099 contractors',
  'contractor:delete': 'Delete 1099 contractors',
  'contractor:pay': 'Pay the 1099 filing fee',
  'contractor:complete-or-open': 'Mark 1099 contractors complete or open',
  'contractor:export': 'Export 1099 contractors',
  'announcement:list': 'List announcements',
  'announcement:view': 'View announcements',
  'announcement:add': 'Create announcements',
  'announcement:change-status': 'Activate and deactivate announcements',
  'coupon:list': 'List coupons',
  'coupon:add': 'Create coupons',
  'coupon:change-status': 'Activate and deactivate coupons',
  'reconciliation:list': 'List linked bank accounts',
  'reconciliation:add-account': 'Link bank accounts',
  'reconciliation:sync': 'Synchronise bank accounts',
  'reconciliation:transaction:list': 'List bank transactions',
  'reconciliation:transaction:export': 'Export bank transactions',
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

/** Top-level areas: holding one grants every permission beneath it. */
export const PERMISSION_AREAS = [...new Set(ALL_PERMISSIONS.map((p) => p.split(':')[0]!))];

const staffDocuments = ['received', 'my-upload'] as const;

/**
 * The default role matrix of DESIGN.md section 5, chosen so each role's sidebar shows exactly the
 * items listed there. Editable afterwards on the Roles screen.
 */
export const DEFAULT_ROLE_PERMISSIONS: Record<RoleName, readonly string[]> = {
  [ROLE_NAME.admin]: PERMISSION_AREAS,
  [ROLE_NAME.advisor]: [
    ...staffDocuments,
    'client',
    'invitation',
    'user:list',
    'user:export',
    'lead',
    'bookkeeping',
    'contractor',
    'reconciliation',
  ],
  [ROLE_NAME.supervisor]: [
    ...staffDocuments,
    'client',
    'user:list',
    'user:export',
    'lead',
    'bookkeeping',
    'contractor',
    'reconciliation',
  ],
  [ROLE_NAME.employee]: [
    ...staffDocuments,
    'client:list',
    'client:view',
    'client:edit',
    'client:export',
    'user:list',
    'bookkeeping',
    'contractor:list',
    'contractor:complete-or-open',
    'contractor:export',
    'reconciliation',
  ],
  [ROLE_NAME.client]: [
    // Not received:change-status: the status is the firm's work tracker, hidden from clients (spec 02).
    'received:list',
    'received:edit',
    'my-upload',
    'invitation:list',
    'invitation:send',
    'account:list',
    'contractor:list',
    'contractor:add',
    'contractor:edit',
    'contractor:delete',
    'contractor:pay',
    'contractor:export',
    'reconciliation',
  ],
};
