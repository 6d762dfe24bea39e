import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS } from '../permissions/catalogue.js';
import {
  compactPermissions,
  expandPermissions,
  isGrantablePermission,
  permissionDisplayName,
} from './role-permissions.js';

describe('role permissions', () => {
  it('accepts catalogue permissions and whole areas, nothing else', () => {
    expect(isGrantablePermission('role:list')).toBe(true);
    expect(isGrantablePermission('client')).toBe(true);
    expect(isGrantablePermission('reconciliation:transaction:list')).toBe(true);
    expect(isGrantablePermission('clients')).toBe(false);
    expect(isGrantablePermission('role:lis')).toBe(false);
    expect(isGrantablePermission('*')).toBe(false);
  });

  it('names areas and permissions', () => {
    expect(permissionDisplayName('role:list')).toBe('List roles');
    expect(permissionDisplayName('client')).toBe('Clients (all permissions)');
  });

  it('expands areas to their catalogue permissions', () => {
    expect(expandPermissions(['coupon', 'role:list'])).toEqual([
      'role:list',
      'coupon:list',
      'coupon:add',
      'coupon:change-status',
    ]);
    expect(expandPermissions(['reconciliation:transaction'])).toEqual([
      'reconciliation:transaction:list',
      'reconciliation:transaction:export',
    ]);
  });

  it("saves the permissions ticked, keeping the role's own entries for areas left as they were", () => {
    expect(compactPermissions(['coupon:list', 'coupon:add', 'coupon:change-status', 'role:list'])).toEqual([
      'role:list',
      'coupon:list',
      'coupon:add',
      'coupon:change-status',
    ]);
    const held = ['client', 'coupon'];
    const ticked = expandPermissions(held).filter((permission) => permission !== 'coupon:add');
    expect(compactPermissions(ticked, held)).toEqual(['client', 'coupon:list', 'coupon:change-status']);
  });

  it('round-trips every seeded role unchanged', () => {
    for (const held of Object.values(DEFAULT_ROLE_PERMISSIONS)) {
      expect(new Set(compactPermissions(expandPermissions(held), held))).toEqual(new Set(held));
    }
  });
});
