import { describe, expect, it } from 'vitest';
import { ROLE_NAME } from '../common/constants.js';
import {
  createUserFormSchema,
  createUserInputSchema,
  userRoleFields,
  userRoleRuleIssues,
} from './users-admin.schema.js';

const none = { advisorUserId: null, supervisorUserId: null, departmentId: null, extension: null };

describe('user role rules', () => {
  it('gives each role its own fields', () => {
    expect(userRoleFields(ROLE_NAME.client)).toEqual({
      advisor: true,
      supervisor: false,
      department: false,
      extension: false,
    });
    expect(userRoleFields(ROLE_NAME.advisor)).toEqual({
      advisor: false,
      supervisor: true,
      department: false,
      extension: true,
    });
    expect(userRoleFields(ROLE_NAME.employee)).toEqual({
      advisor: false,
      supervisor: false,
      department: true,
      extension: true,
    });
    expect(userRoleFields(ROLE_NAME.admin)).toEqual({
      advisor: false,
      supervisor: false,
      department: false,
      extension: true,
    });
  });

  it('requires an advisor for a client and a department for an employee; a supervisor is optional', () => {
    expect(userRoleRuleIssues(ROLE_NAME.client, none)).toEqual([{ field: 'advisorUserId', message: 'REQUIRED' }]);
    expect(userRoleRuleIssues(ROLE_NAME.employee, none)).toEqual([{ field: 'departmentId', message: 'REQUIRED' }]);
    expect(userRoleRuleIssues(ROLE_NAME.advisor, none)).toEqual([]);
  });

  it('refuses fields the role does not use', () => {
    expect(
      userRoleRuleIssues(ROLE_NAME.client, {
        advisorUserId: 1,
        supervisorUserId: 2,
        departmentId: 3,
        extension: '1234',
      }),
    ).toEqual([
      { field: 'supervisorUserId', message: 'NOT_ALLOWED_FOR_ROLE' },
      { field: 'departmentId', message: 'NOT_ALLOWED_FOR_ROLE' },
      { field: 'extension', message: 'NOT_ALLOWED_FOR_ROLE' },
    ]);
  });
});

describe('user input', () => {
  const valid = {
    firstName: ' Ada ',
    lastName: 'Lovelace',
    emailAddress: 'ada@example.com',
    phoneNumber: '5550100555',
    extension: '',
    roleId: '3',
    advisorUserId: '',
    supervisorUserId: null,
    departmentId: '7',
    password: 'Secret12',
    confirmPassword: 'Secret12',
  };

  it('trims, turns empty choices into null and select values into ids', () => {
    expect(createUserFormSchema.parse(valid)).toMatchObject({
      firstName: 'Ada',
      extension: null,
      roleId: 3,
      advisorUserId: null,
      departmentId: 7,
    });
  });

  it('takes the role from a one-item roles list', () => {
    const { roleId: _roleId, ...withoutRoleId } = valid;
    expect(createUserInputSchema.parse({ ...withoutRoleId, roles: [{ id: 5 }] }).roleId).toBe(5);
    expect(createUserInputSchema.parse({ ...withoutRoleId, roles: [6] }).roleId).toBe(6);
    expect(createUserInputSchema.safeParse({ ...withoutRoleId, roles: [5, 6] }).success).toBe(false);
  });
});
