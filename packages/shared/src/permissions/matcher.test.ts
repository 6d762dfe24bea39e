import { describe, expect, it } from 'vitest';
import { hasPermission, type PermissionRequirement } from './matcher.js';
import { DEFAULT_ROLE_PERMISSIONS, ALL_PERMISSIONS } from './catalogue.js';

describe('hasPermission', () => {
  const cases: Array<[string, string[], string, boolean]> = [
    ['exact permission', ['coupon:add'], 'coupon:add', true],
    ['a parent grants its children', ['reconciliation'], 'reconciliation:transaction:list', true],
    ['a parent grants a direct child', ['coupon'], 'coupon:add', true],
    ['a middle segment grants its children', ['reconciliation:transaction'], 'reconciliation:transaction:export', true],
    ['prefix must end on a whole segment', ['reconciliation'], 'reconciliations', false],
    ['partial segment does not grant', ['coupon:ad'], 'coupon:add', false],
    ['a child does not grant its parent', ['coupon:add'], 'coupon', false],
    ['a sibling does not grant', ['coupon:add'], 'coupon:list', false],
    ['alternatives: second one held', ['user:list'], 'role:list|user:list', true],
    ['alternatives: none held', ['tag:list'], 'role:list|user:list', false],
    ['alternatives tolerate spaces', ['user:list'], 'role:list | user:list', true],
    ['star is anyone signed in', [], '*', true],
    ['star as an alternative', [], 'role:list|*', true],
    ['empty requirement denies', ['role:list'], '', false],
    ['only separators denies', ['role:list'], '|', false],
    ['no permissions held', [], 'role:list', false],
    ['an empty held string grants nothing', [''], 'role:list', false],
  ];
  it.each(cases)('%s', (_name, held, requirement, expected) => {
    expect(hasPermission(held, requirement)).toBe(expected);
  });

  it('denies a missing requirement', () => {
    expect(hasPermission(['role:list'], undefined)).toBe(false);
    expect(hasPermission(['role:list'], null)).toBe(false);
  });
});

describe('default role matrix', () => {
  it('gives admin every permission', () => {
    for (const permission of ALL_PERMISSIONS) {
      expect(hasPermission(DEFAULT_ROLE_PERMISSIONS.admin, permission)).toBe(true);
    }
  });
  it('keeps the Administration area for admin only', () => {
    for (const role of ['advisor', 'supervisor', 'employee', 'client'] as const) {
      const held = DEFAULT_ROLE_PERMISSIONS[role];
      expect(hasPermission(held, 'role:list|service:list|tag:list|announcement:list')).toBe(false);
      expect(hasPermission(held, 'company:list')).toBe(false);
    }
  });
  it('only names permissions the catalogue knows', () => {
    for (const held of Object.values(DEFAULT_ROLE_PERMISSIONS).flat()) {
      expect(ALL_PERMISSIONS.some((p) => p === held || p.startsWith(`${held}:`))).toBe(true);
    }
  });

  it('types requirements so that a misspelt permission does not compile (checked by the typecheck)', () => {
    const requirements: PermissionRequirement[] = ['*', 'client:list', 'client:list|account:list'];
    // @ts-expect-error a typo is not a permission
    const typo: PermissionRequirement = 'clinet:list';
    // @ts-expect-error neither is an alternative that names one
    const typoInAlternative: PermissionRequirement = 'client:list|acount:list';
    expect(requirements.every((requirement) => hasPermission(['client', 'account'], requirement))).toBe(true);
    expect(hasPermission(['client'], typo)).toBe(false);
    expect(hasPermission(['client'], typoInAlternative)).toBe(true);
  });
});
