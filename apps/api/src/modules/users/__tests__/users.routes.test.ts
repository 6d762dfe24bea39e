import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { generate } from 'otplib';
import { LOGIN_RESULT, ROLE_NAME, type RoleName } from '@ledgerport/shared';
import { auditEvents, departments, roles, users } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createUser } from '../../../testing/factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { EXPORT_BATCH_SIZE } from '../users.service.js';

const USERS = '/api/v1/identity/users';

let t: TestApp;
let admin: SignedIn;
let advisor: SignedIn;
const roleIds = {} as Record<RoleName, number>;
let taxDepartmentId: number;
let demoAdvisorId: number;
let demoSupervisorId: number;

async function idOfUsername(username: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  const db = t.database.db;
  await seedDemoFirm(db);
  for (const row of await db.select().from(roles)) roleIds[row.name as RoleName] = row.id;
  const [tax] = await db.select().from(departments).where(eq(departments.name, 'tax'));
  taxDepartmentId = tax!.id;
  demoAdvisorId = await idOfUsername('b1g1_advisor');
  demoSupervisorId = await idOfUsername('b1g1_supervisor');
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  advisor = await signIn(t.app, 'b1g1_advisor@gmail.com', 'Group1');
});
afterAll(() => t.close());

let sequence = 0;
/** A valid create body for a client user; each call gets its own e-mail address. */
function newClientUser(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    firstName: 'Grace',
    lastName: `Hopper${sequence}`,
    emailAddress: `grace.${sequence}.${Date.now()}@example.com`,
    phoneNumber: '(555) 123-4567',
    roleId: roleIds.client,
    advisorUserId: demoAdvisorId,
    password: 'Secret12',
    confirmPassword: 'Secret12',
    ...overrides,
  };
}

function get(url: string, session: SignedIn = admin) {
  return t.app.inject({ method: 'GET', url, headers: bearer(session) });
}

async function create(body: Record<string, unknown>, session: SignedIn = admin) {
  return t.app.inject({ method: 'POST', url: USERS, headers: bearer(session), payload: body });
}

function fieldsOf(response: { json: () => unknown }): string[] {
  const body = response.json() as { error: { details?: Array<{ field: string }> } };
  return (body.error.details ?? []).map((detail) => detail.field);
}

/** An edit body that keeps everything as it is. */
async function editBodyOf(id: number): Promise<Record<string, unknown>> {
  const user = (await get(`${USERS}/${id}`)).json();
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    emailAddress: user.emailAddress,
    username: user.username,
    phoneNumber: user.phoneNumber,
    extension: user.extension,
    roleId: user.roleId,
    advisorUserId: user.advisorUserId,
    supervisorUserId: user.supervisorUserId,
    departmentId: user.departmentId,
  };
}

describe('GET identity/users', () => {
  it('pages the users with the fields existing clients read', async () => {
    const response = await get(`${USERS}?limit=5&offset=0`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json();
    expect(body.items).toHaveLength(5);
    expect(body.totalCount).toBeGreaterThanOrEqual(17);
  });

  it('shows roles as a list, the inviter, the advisor and an employee’s department', async () => {
    const client = (await get(`${USERS}?emailAddress=b1g1_client@`)).json().items[0];
    expect(client).toEqual({
      id: expect.any(Number),
      version: expect.stringMatching(/^\d+$/),
      firstName: 'Batch1',
      lastName: 'Group1',
      fullName: 'Batch1 Group1',
      emailAddress: 'b1g1_client@gmail.com',
      username: 'b1g1_client',
      phoneNumber: '5550100000',
      extension: null,
      isActive: true,
      roles: [{ id: roleIds.client, name: 'client', displayName: 'Client' }],
      twoFactorEnabled: false,
      inviter: { id: demoAdvisorId, fullName: 'Batch1 Group1' },
      advisor: { id: demoAdvisorId, fullName: 'Batch1 Group1' },
      department: null,
      supervisor: null,
    });
    const employee = (await get(`${USERS}?emailAddress=b1g1_employee@`)).json().items[0];
    expect(employee.department).toEqual({ id: taxDepartmentId, displayName: 'Tax' });
    const demoAdvisor = (await get(`${USERS}?emailAddress=b1g1_advisor@`)).json().items[0];
    expect(demoAdvisor.supervisor).toEqual({ id: demoSupervisorId, fullName: 'Batch1 Group1' });
    expect(demoAdvisor.extension).toBe('1001');
  });

  it('accepts the query keys in PascalCase, as existing clients send them', async () => {
    const response = await get(`${USERS}?EmailAddress=B1G2_&IsActive=true&RoleId=${roleIds.advisor}&Limit=50`);
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((u: { username: string }) => u.username)).toEqual(['b1g2_advisor']);
  });

  it('filters by contained text, case-insensitive, with LIKE wildcards taken literally', async () => {
    const byFirst = (await get(`${USERS}?firstName=BATCH&lastName=group3&limit=50`)).json();
    expect(byFirst.totalCount).toBe(5);
    expect(byFirst.items.every((u: { lastName: string }) => u.lastName === 'Group3')).toBe(true);
    expect((await get(`${USERS}?firstName=%25`)).json().totalCount).toBe(0);
    expect((await get(`${USERS}?phoneNumber=010-0100`)).json().items[0].username).toBe('advisor');
    expect((await get(`${USERS}?phoneNumber=${encodeURIComponent('(555) 010-0100')}`)).json().items[0].username).toBe(
      'advisor',
    );
  });

  it('searches by name or e-mail in one text (the remote user pickers)', async () => {
    const byName = (await get(`${USERS}?search=${encodeURIComponent('advisor adv')}&limit=50`)).json();
    expect(byName.items.map((u: { username: string }) => u.username)).toContain('advisor');
    const byEmail = (await get(`${USERS}?search=b1g1_client@&limit=50`)).json();
    expect(byEmail.items.map((u: { username: string }) => u.username)).toEqual(['b1g1_client']);
    expect((await get(`${USERS}?search=nobody-matches-this`)).json().totalCount).toBe(0);
  });

  it('filters by role, advisor, department and status', async () => {
    const byRole = (await get(`${USERS}?roleId=${roleIds.employee}&limit=50`)).json();
    expect(byRole.totalCount).toBe(3);
    const byAdvisor = (await get(`${USERS}?advisorId=${demoAdvisorId}`)).json();
    expect(byAdvisor.items.map((u: { username: string }) => u.username)).toContain('b1g1_client');
    const byDepartment = (await get(`${USERS}?departmentId=${taxDepartmentId}`)).json();
    expect(byDepartment.items.map((u: { username: string }) => u.username)).toEqual(['b1g1_employee']);
    const inactive = (await get(`${USERS}?isActive=false&emailAddress=b1g1_inactive`)).json();
    expect(inactive.items.map((u: { isActive: boolean }) => u.isActive)).toEqual([false]);
    const all = (await get(`${USERS}?limit=1`)).json().totalCount;
    const active = (await get(`${USERS}?limit=1&isActive=true`)).json().totalCount;
    const notActive = (await get(`${USERS}?limit=1&isActive=false`)).json().totalCount;
    expect(active + notActive).toBe(all);
  });

  it('"invited by me" keeps the users the caller invited', async () => {
    const body = (await get(`${USERS}?invitedByMe=true&limit=50`, advisor)).json();
    expect(body.items.map((u: { username: string }) => u.username)).toEqual(['b1g1_client']);
    expect((await get(`${USERS}?InvitedByMe=false&limit=1`, advisor)).json().totalCount).toBeGreaterThan(1);
  });

  it('sorts by the visible columns, and falls back to the full name for anything else', async () => {
    const desc = (await get(`${USERS}?SortedBy=EmailAddress&SortedDesc=true&limit=50`)).json().items;
    const emails = desc.map((u: { emailAddress: string }) => u.emailAddress.toLowerCase());
    expect(emails).toEqual([...emails].sort().reverse());
    const byAdvisor = (await get(`${USERS}?sortedBy=advisor&limit=3&isActive=true&roleId=${roleIds.client}`)).json();
    expect(byAdvisor.items).toHaveLength(3);
    const fallback = (await get(`${USERS}?sortedBy=passwordHash&limit=50`)).json().items;
    const names = fallback.map((u: { fullName: string }) => u.fullName.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('refuses bad paging and filter values', async () => {
    const response = await get(`${USERS}?limit=0&roleId=abc`);
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response).sort()).toEqual(['limit', 'roleId']);
  });

  it('needs user:list', async () => {
    const client = await signIn(t.app, 'b1g1_client@gmail.com', 'Group1');
    expect((await get(USERS, client)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: USERS })).statusCode).toBe(401);
  });
});

describe('GET identity/users/{id}', () => {
  it('returns the user with the ids the edit form starts from', async () => {
    const body = (await get(`${USERS}/${demoAdvisorId}`)).json();
    expect(body).toMatchObject({
      id: demoAdvisorId,
      username: 'b1g1_advisor',
      roleId: roleIds.advisor,
      supervisorUserId: demoSupervisorId,
      advisorUserId: null,
      departmentId: null,
    });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await get(`${USERS}/999999`)).statusCode).toBe(404);
    expect((await get(`${USERS}/abc`)).statusCode).toBe(400);
  });
});

describe('POST identity/users', () => {
  it('creates a client user with a username from the e-mail, invited by the caller', async () => {
    const body = newClientUser({ emailAddress: `Ada.King+${Date.now()}@Example.com`, firstName: '  Ada ' });
    const response = await create(body);
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      firstName: 'Ada',
      fullName: `Ada ${body.lastName}`,
      emailAddress: body.emailAddress,
      username: `Ada.King${body.emailAddress.slice(9).split('@')[0]}`,
      isActive: true,
      roles: [{ id: roleIds.client, name: 'client', displayName: 'Client' }],
      roleId: roleIds.client,
      advisor: { id: demoAdvisorId, fullName: 'Batch1 Group1' },
      inviter: { id: admin.userId, fullName: 'Batch1 Group1' },
      extension: null,
    });
    const session = await signIn(t.app, body.emailAddress, 'Secret12');
    expect(session.userId).toBe(user.id);
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.created'), eq(auditEvents.objectId, String(user.id))));
    expect(event).toMatchObject({ actorUserId: admin.userId, details: { role: 'client' } });
  });

  it('makes the derived username unique', async () => {
    const first = (await create(newClientUser({ emailAddress: 'same.local@first.example' }))).json();
    const second = (await create(newClientUser({ emailAddress: 'SAME.local@second.example' }))).json();
    const third = (await create(newClientUser({ emailAddress: 'same.local@third.example' }))).json();
    expect([first.username, second.username, third.username]).toEqual(['same.local', 'SAME.local1', 'same.local2']);
  });

  it('accepts the role as a one-item roles list, as existing clients send it', async () => {
    const { roleId: _roleId, ...body } = newClientUser();
    const response = await create({ ...body, roles: [{ id: roleIds.client }] });
    expect(response.statusCode).toBe(201);
    expect(response.json().roleId).toBe(roleIds.client);
  });

  it('creates an employee with a department and an advisor with a supervisor and an extension', async () => {
    const employee = await create(
      newClientUser({ roleId: roleIds.employee, advisorUserId: null, departmentId: taxDepartmentId }),
    );
    expect(employee.statusCode).toBe(201);
    expect(employee.json().department).toEqual({ id: taxDepartmentId, displayName: 'Tax' });
    const newAdvisor = await create(
      newClientUser({
        roleId: roleIds.advisor,
        advisorUserId: '',
        supervisorUserId: demoSupervisorId,
        extension: '1234',
      }),
    );
    expect(newAdvisor.statusCode).toBe(201);
    expect(newAdvisor.json()).toMatchObject({ extension: '1234', supervisorUserId: demoSupervisorId });
    const withoutSupervisor = await create(newClientUser({ roleId: roleIds.advisor, advisorUserId: null }));
    expect(withoutSupervisor.statusCode).toBe(201);
  });

  it.each([
    ['firstName', () => ({ firstName: '   ' })],
    ['lastName', () => ({ lastName: undefined })],
    ['emailAddress', () => ({ emailAddress: 'not-an-address' })],
    ['emailAddress', () => ({ emailAddress: 'has space@example.com' })],
    ['phoneNumber', () => ({ phoneNumber: '' })],
    ['roleId', () => ({ roleId: null })],
    ['password', () => ({ password: 'lowercase1', confirmPassword: 'lowercase1' })],
    ['password', () => ({ password: 'Sh1', confirmPassword: 'Sh1' })],
    ['password', () => ({ password: undefined })],
    ['confirmPassword', () => ({ confirmPassword: 'Secret13' })],
    ['extension', () => ({ roleId: roleIds.admin, advisorUserId: null, extension: '12345' })],
    ['extension', () => ({ roleId: roleIds.admin, advisorUserId: null, extension: '12a4' })],
  ])('refuses a bad %s with field details', async (field, overrides) => {
    const response = await create(newClientUser(overrides()));
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toContain(field);
  });

  it.each([
    ['advisorUserId', 'a client without an advisor', () => ({ advisorUserId: null })],
    ['extension', 'a client with an extension', () => ({ extension: '1234' })],
    ['departmentId', 'a client with a department', () => ({ departmentId: taxDepartmentId })],
    ['advisorUserId', 'an advisor who is not an advisor', () => ({ advisorUserId: demoSupervisorId })],
    ['departmentId', 'an employee without a department', () => ({ roleId: roleIds.employee, advisorUserId: null })],
    [
      'supervisorUserId',
      'a supervisor who is not a supervisor',
      () => ({ roleId: roleIds.advisor, advisorUserId: null, supervisorUserId: demoAdvisorId }),
    ],
    [
      'advisorUserId',
      'an advisor for a non-client',
      () => ({ roleId: roleIds.employee, departmentId: taxDepartmentId }),
    ],
    [
      'supervisorUserId',
      'a supervisor for a non-advisor',
      () => ({ roleId: roleIds.admin, advisorUserId: null, supervisorUserId: demoSupervisorId }),
    ],
    [
      'departmentId',
      'an unknown department',
      () => ({ roleId: roleIds.employee, advisorUserId: null, departmentId: 9999 }),
    ],
    ['roleId', 'an unknown role', () => ({ roleId: 9999 })],
  ])('refuses %s: %s', async (field, _what, overrides) => {
    const response = await create(newClientUser(overrides()));
    expect(response.statusCode, response.body).toBe(400);
    expect(fieldsOf(response)).toContain(field);
  });

  it('refuses a common password even though it matches the pattern', async () => {
    const response = await create(newClientUser({ password: 'Password1', confirmPassword: 'Password1' }));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'password', message: 'PASSWORD_TOO_COMMON' })]),
    );
  });

  it('refuses an inactive advisor', async () => {
    const inactiveAdvisor = await createUser(t.database.db, { role: 'advisor', isActive: false });
    const response = await create(newClientUser({ advisorUserId: inactiveAdvisor.id }));
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual(['advisorUserId']);
  });

  it('answers 409 naming an e-mail address already in use, whatever its case', async () => {
    const response = await create(newClientUser({ emailAddress: 'B1G1_Admin@GMAIL.com' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('B1G1_Admin@GMAIL.com is already taken.');
  });

  it('needs user:add', async () => {
    expect((await create(newClientUser(), advisor)).statusCode).toBe(403);
  });
});

describe('PUT identity/users/{id}', () => {
  it('updates the user and answers with the new values', async () => {
    const created = (await create(newClientUser())).json();
    const body = await editBodyOf(created.id);
    const response = await t.app.inject({
      method: 'PUT',
      url: `${USERS}/${created.id}`,
      headers: bearer(admin),
      payload: { ...body, firstName: 'Renamed', username: `renamed_${created.id}`, phoneNumber: '5550100555' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      firstName: 'Renamed',
      username: `renamed_${created.id}`,
      phoneNumber: '5550100555',
      inviter: { id: admin.userId },
    });
  });

  it('requires the username on edit, without spaces', async () => {
    const created = (await create(newClientUser())).json();
    const body = await editBodyOf(created.id);
    for (const username of ['', 'two words']) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `${USERS}/${created.id}`,
        headers: bearer(admin),
        payload: { ...body, username },
      });
      expect(response.statusCode).toBe(400);
      expect(new Set(fieldsOf(response))).toEqual(new Set(['username']));
    }
  });

  it('answers 409 naming a username or e-mail another user has, and accepts its own', async () => {
    const created = (await create(newClientUser())).json();
    const body = await editBodyOf(created.id);
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `${USERS}/${created.id}`, headers: bearer(admin), payload });
    const takenUsername = await put({ ...body, username: 'B1G1_ADVISOR' });
    expect(takenUsername.statusCode).toBe(409);
    expect(takenUsername.json().error.message).toBe('B1G1_ADVISOR is already taken.');
    const takenEmail = await put({ ...body, emailAddress: 'b1g1_advisor@gmail.com' });
    expect(takenEmail.statusCode).toBe(409);
    expect(takenEmail.json().error.message).toBe('b1g1_advisor@gmail.com is already taken.');
    const own = await put({ ...body, username: String(body.username).toUpperCase() });
    expect(own.statusCode).toBe(200);
  });

  it('never changes the client role, to or from client', async () => {
    const client = (await create(newClientUser())).json();
    const toEmployee = await t.app.inject({
      method: 'PUT',
      url: `${USERS}/${client.id}`,
      headers: bearer(admin),
      payload: { ...(await editBodyOf(client.id)), roleId: roleIds.admin, advisorUserId: null },
    });
    expect(toEmployee.statusCode).toBe(400);
    expect(fieldsOf(toEmployee)).toEqual(['roleId']);

    const staff = (await create(newClientUser({ roleId: roleIds.admin, advisorUserId: null }))).json();
    const toClient = await t.app.inject({
      method: 'PUT',
      url: `${USERS}/${staff.id}`,
      headers: bearer(admin),
      payload: { ...(await editBodyOf(staff.id)), roleId: roleIds.client, advisorUserId: demoAdvisorId },
    });
    expect(toClient.statusCode).toBe(400);
    expect(fieldsOf(toClient)).toEqual(['roleId']);
  });

  it("changes a staff role, ends the user's sessions and records it", async () => {
    const body = newClientUser({ roleId: roleIds.supervisor, advisorUserId: null });
    const staff = (await create(body)).json();
    const session = await signIn(t.app, body.emailAddress, body.password);
    const response = await t.app.inject({
      method: 'PUT',
      url: `${USERS}/${staff.id}`,
      headers: bearer(admin),
      payload: { ...(await editBodyOf(staff.id)), roleId: roleIds.employee, departmentId: taxDepartmentId },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().roles).toEqual([{ id: roleIds.employee, name: 'employee', displayName: 'Employee' }]);
    expect((await get('/api/v1/identity/users/me', session)).statusCode).toBe(401);
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.role-changed'), eq(auditEvents.objectId, String(staff.id))));
    expect(event?.details).toEqual({ from: 'supervisor', to: 'employee' });
  });

  it('keeps sessions when the role stays', async () => {
    const body = newClientUser();
    const created = (await create(body)).json();
    const session = await signIn(t.app, body.emailAddress, body.password);
    await t.app.inject({
      method: 'PUT',
      url: `${USERS}/${created.id}`,
      headers: bearer(admin),
      payload: { ...(await editBodyOf(created.id)), lastName: 'Changed' },
    });
    expect((await get('/api/v1/identity/users/me', session)).statusCode).toBe(200);
  });

  it("refuses to change the caller's own role, and answers 404 for an unknown user", async () => {
    const ownRole = await t.app.inject({
      method: 'PUT',
      url: `${USERS}/${admin.userId}`,
      headers: bearer(admin),
      payload: { ...(await editBodyOf(admin.userId)), roleId: roleIds.supervisor },
    });
    expect(ownRole.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: `${USERS}/999999`,
      headers: bearer(admin),
      payload: await editBodyOf(admin.userId),
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('PATCH identity/users/{id}/activate|deactivate', () => {
  it("deactivates a user, ends the user's sessions at once and refuses the sign-in; activates again", async () => {
    const body = newClientUser();
    const created = (await create(body)).json();
    const session = await signIn(t.app, body.emailAddress, body.password);
    const patch = (action: string) =>
      t.app.inject({ method: 'PATCH', url: `${USERS}/${created.id}/${action}`, headers: bearer(admin) });

    expect((await patch('deactivate')).statusCode).toBe(204);
    expect((await get('/api/v1/identity/users/me', session)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'GET',
      url: '/api/v1/authentication/account/refresh-jwt-tokens',
      headers: { 'x-refresh-token': session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const signInAgain = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/account/authenticate',
      payload: { usernameOrEmailAddress: body.emailAddress, password: body.password },
    });
    expect(signInAgain.json().resultType).toBe(LOGIN_RESULT.userNotActive);
    expect((await get(`${USERS}/${created.id}`)).json().isActive).toBe(false);

    expect((await patch('activate')).statusCode).toBe(204);
    expect((await get(`${USERS}/${created.id}`)).json().isActive).toBe(true);
    await signIn(t.app, body.emailAddress, body.password);

    const actions = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.objectId, String(created.id)));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['user.deactivated', 'user.activated']));
  });

  it('does not let the caller deactivate their own account; 404 for an unknown user', async () => {
    const own = await t.app.inject({
      method: 'PATCH',
      url: `${USERS}/${admin.userId}/deactivate`,
      headers: bearer(admin),
    });
    expect(own.statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'PATCH', url: `${USERS}/999999/activate`, headers: bearer(admin) });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('PATCH identity/users/{id}/reset-password', () => {
  it("sets the password, ends the user's sessions and lets the new password sign in", async () => {
    const body = newClientUser();
    const created = (await create(body)).json();
    const session = await signIn(t.app, body.emailAddress, body.password);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `${USERS}/${created.id}/reset-password`,
      headers: bearer(admin),
      payload: { password: 'NewPass9', confirmPassword: 'NewPass9' },
    });
    expect(response.statusCode).toBe(204);
    expect((await get('/api/v1/identity/users/me', session)).statusCode).toBe(401);
    await expect(signIn(t.app, body.emailAddress, body.password)).rejects.toThrow();
    await signIn(t.app, body.emailAddress, 'NewPass9');
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.password-reset'), eq(auditEvents.objectId, String(created.id))));
    expect(event?.actorUserId).toBe(admin.userId);
  });

  it.each([
    ['password', { password: 'weakpass', confirmPassword: 'weakpass' }],
    ['confirmPassword', { password: 'NewPass9', confirmPassword: 'NewPass8' }],
    ['confirmPassword', { password: 'NewPass9' }],
  ])('refuses a bad %s', async (field, payload) => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `${USERS}/${demoAdvisorId}/reset-password`,
      headers: bearer(admin),
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toContain(field);
  });
});

describe('availability checks', () => {
  it('tells whether an e-mail address is free, case-insensitive', async () => {
    const taken = await get(`${USERS}/email-address/${encodeURIComponent('B1G1_ADMIN@gmail.com')}/is-available`);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toBe(false);
    expect((await get(`${USERS}/email-address/nobody%40example.com/is-available`)).json()).toBe(true);
  });

  it('tells whether a username is free, case-insensitive', async () => {
    expect((await get(`${USERS}/username/B1G1_Client/is-available`)).json()).toBe(false);
    expect((await get(`${USERS}/username/free_name/is-available`)).json()).toBe(true);
  });

  it('needs user:add or user:edit', async () => {
    expect((await get(`${USERS}/username/x/is-available`, advisor)).statusCode).toBe(403);
  });
});

describe('dropdown options', () => {
  it('lists the active advisors and supervisors', async () => {
    const inactive = await createUser(t.database.db, { role: 'advisor', isActive: false, firstName: 'Gone' });
    const advisors = (await get(`${USERS}/advisors/all`, advisor)).json();
    expect(advisors).toEqual(expect.arrayContaining([{ value: String(demoAdvisorId), displayText: 'Batch1 Group1' }]));
    expect(advisors.map((o: { value: string }) => o.value)).not.toContain(String(inactive.id));
    const supervisors = (await get(`${USERS}/supervisors/all`)).json();
    expect(supervisors.map((o: { value: string }) => o.value)).toContain(String(demoSupervisorId));
    expect(supervisors.map((o: { value: string }) => o.value)).not.toContain(String(demoAdvisorId));
  });

  it('lists the roles with their names for the form', async () => {
    const options = (await get('/api/v1/identity/roles/all', advisor)).json();
    expect(options).toEqual(
      expect.arrayContaining([{ value: String(roleIds.client), displayText: 'Client', name: 'client' }]),
    );
    expect(options).toHaveLength(Object.keys(ROLE_NAME).length);
  });
});

describe('GET identity/users/export', () => {
  async function readWorkbook(payload: Buffer) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(payload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Users')!;
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    return rows;
  }

  it('streams the filtered, sorted users as an .xlsx attachment', async () => {
    const response = await get(`${USERS}/export?EmailAddress=b1g2_&SortedBy=emailAddress&SortedDesc=true`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="Users_\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''Users_\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const rows = await readWorkbook(response.rawPayload);
    expect(rows[0]).toEqual([
      'Full name',
      'Status',
      'Email address',
      'Username',
      'Inviter',
      'Phone number',
      'Roles',
      'Advisor',
    ]);
    expect(rows.slice(1).map((row) => row[2])).toEqual([
      'b1g2_supervisor@gmail.com',
      'b1g2_employee@gmail.com',
      'b1g2_client@gmail.com',
      'b1g2_advisor@gmail.com',
      'b1g2_admin@gmail.com',
    ]);
    const employee = rows.find((row) => row[3] === 'b1g2_employee')!;
    expect(employee[6]).toBe('Employee - Bookkeeping');
    const advisorRow = rows.find((row) => row[3] === 'b1g2_advisor')!;
    expect(advisorRow[5]).toBe('(555) 010-0000 / 1001');
    const [event] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'user.exported'));
    expect(event?.actorUserId).toBe(admin.userId);
  });

  it('writes every row when there are more than one batch of them', async () => {
    const [{ passwordHash }] = (await t.database.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .limit(1)) as [{ passwordHash: string }];
    const bulk = Array.from({ length: EXPORT_BATCH_SIZE + 5 }, (_, i) => ({
      firstName: 'Bulk',
      lastName: `Row ${String(i).padStart(4, '0')}`,
      username: `bulk_${i}`,
      emailAddress: `bulk_${i}@example.com`,
      passwordHash,
    }));
    await t.database.db.insert(users).values(bulk);
    const response = await get(`${USERS}/export?firstName=bulk&sortedBy=fullName`);
    const rows = await readWorkbook(response.rawPayload);
    expect(rows).toHaveLength(EXPORT_BATCH_SIZE + 6);
    expect(rows[1]![0]).toBe('Bulk Row 0000');
    expect(rows.at(-1)![0]).toBe(`Bulk Row ${String(EXPORT_BATCH_SIZE + 4).padStart(4, '0')}`);
  });

  it('gives an empty sheet with headers when nothing matches, and checks the filters', async () => {
    const empty = await get(`${USERS}/export?firstName=nobody-has-this-name`);
    expect(empty.statusCode).toBe(200);
    expect(await readWorkbook(empty.rawPayload)).toHaveLength(1);
    expect((await get(`${USERS}/export?roleId=-1`)).statusCode).toBe(400);
  });

  it('needs user:export', async () => {
    const employee = await signIn(t.app, 'b1g1_employee@gmail.com', 'Group1');
    expect((await get(`${USERS}/export`, employee)).statusCode).toBe(403);
    expect((await get(`${USERS}/export`, advisor)).statusCode).toBe(200);
  });
});

// Last in the file: the user it adds would change the counts the filter tests above expect.
describe('GET identity/users: two-factor state', () => {
  it('says whether each user has two-factor sign-in on: once enrolment is confirmed, until it is reset', async () => {
    const user = await createUser(t.database.db, { role: 'employee', password: 'Secret1' });
    const session = await signIn(t.app, user.username, 'Secret1');
    const post = (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(session), payload });
    const listed = async () => {
      const items = (await get(`${USERS}?emailAddress=${user.emailAddress}`)).json().items;
      expect(items).toHaveLength(1);
      return items[0].twoFactorEnabled;
    };
    expect(await listed()).toBe(false);

    const start = await post('/api/v1/identity/two-factor/enrolment');
    expect(start.statusCode).toBe(200);
    // Started but not confirmed: the secret is stored, the second factor is not on yet.
    expect(await listed()).toBe(false);
    const secret: string = start.json().secret;
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
    expect((await post('/api/v1/identity/two-factor/enrolment/confirm', { code })).statusCode).toBe(200);
    expect(await listed()).toBe(true);
    expect((await get(`${USERS}/${user.id}`)).json().twoFactorEnabled).toBe(true);

    const reset = await t.app.inject({
      method: 'DELETE',
      url: `${USERS}/${user.id}/two-factor`,
      headers: bearer(admin),
    });
    expect(reset.statusCode).toBe(204);
    expect(await listed()).toBe(false);
  });
});
