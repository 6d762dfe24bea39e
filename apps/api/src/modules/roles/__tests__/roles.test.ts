import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ALL_PERMISSIONS, PERMISSIONS } from '@ledgerport/shared';
import { auditEvents, rolePermissions, roles } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createUser } from '../../../testing/factories.js';
import { createRole } from '../../../testing/roles-factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

const ROLES = '/api/v1/identity/roles';

let t: TestApp;
let admin: SignedIn;
let advisor: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(t.database.db);
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  advisor = await signIn(t.app, 'b1g1_advisor@gmail.com', 'Group1');
});
afterAll(() => t.close());

function call(session: SignedIn | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: session ? bearer(session) : {}, ...(payload ? { payload } : {}) });
}

const unique = () => Math.random().toString(36).slice(2, 8);

function roleInput(overrides: Record<string, unknown> = {}) {
  const suffix = unique();
  return {
    name: `auditor-${suffix}`,
    displayName: `Auditor ${suffix}`,
    description: 'Reads the books',
    permissions: ['role:list', 'client'],
    ...overrides,
  };
}

async function roleByName(name: string) {
  const [row] = await t.database.db.select().from(roles).where(eq(roles.name, name));
  return row!;
}

describe('GET identity/roles', () => {
  it('lists a page of roles with their permissions and the total', async () => {
    const response = await call(admin, 'GET', `${ROLES}?limit=2&offset=0&sortedBy=name`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.totalCount).toBeGreaterThanOrEqual(5);
    expect(body.items.map((role: { name: string }) => role.name)).toEqual(['admin', 'advisor']);
    expect(body.items[1]).toMatchObject({
      name: 'advisor',
      displayName: 'Advisor',
      description: null,
      isStatic: true,
      permissions: expect.arrayContaining([
        { id: 'user:list', displayName: PERMISSIONS['user:list'] },
        { id: 'client', displayName: 'Clients (all permissions)' },
      ]),
    });
  });

  it('filters by name and display name, contains and case-insensitive, and sorts descending', async () => {
    const suffix = unique();
    await createRole(t.database.db, { name: `zeta-${suffix}`, displayName: `Zeta ${suffix}` });
    await createRole(t.database.db, { name: `eta-${suffix}`, displayName: `Eta ${suffix}` });
    const byName = (
      await call(admin, 'GET', `${ROLES}?name=${suffix.toUpperCase()}&sortedBy=name&sortedDesc=true`)
    ).json();
    expect(byName.totalCount).toBe(2);
    expect(byName.items.map((role: { name: string }) => role.name)).toEqual([`zeta-${suffix}`, `eta-${suffix}`]);
    const byDisplayName = (await call(admin, 'GET', `${ROLES}?displayName=zeta%20${suffix}`)).json();
    expect(byDisplayName.items.map((role: { name: string }) => role.name)).toEqual([`zeta-${suffix}`]);
  });

  it('takes LIKE wildcards in a filter literally', async () => {
    const body = (await call(admin, 'GET', `${ROLES}?name=%25`)).json();
    expect(body).toEqual({ items: [], totalCount: 0 });
  });

  it('refuses a page size out of bounds with the field named', async () => {
    const response = await call(admin, 'GET', `${ROLES}?limit=1000`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([expect.objectContaining({ in: 'querystring', field: 'limit' })]);
  });

  it('needs role:list', async () => {
    expect((await call(advisor, 'GET', ROLES)).statusCode).toBe(403);
    expect((await call(undefined, 'GET', ROLES)).statusCode).toBe(401);
  });
});

describe('GET identity/roles/all', () => {
  it('gives every role as an option, for the users screen too', async () => {
    for (const session of [admin, advisor]) {
      const response = await call(session, 'GET', `${ROLES}/all`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(
        expect.arrayContaining([
          { value: expect.stringMatching(/^\d+$/), displayText: 'Admin', name: 'admin' },
          { value: expect.stringMatching(/^\d+$/), displayText: 'Client', name: 'client' },
        ]),
      );
    }
  });

  it('is refused to a client user', async () => {
    const client = await signIn(t.app, 'b1g1_client@gmail.com', 'Group1');
    expect((await call(client, 'GET', `${ROLES}/all`)).statusCode).toBe(403);
  });
});

describe('GET identity/roles/{id}', () => {
  it('gives one role', async () => {
    const role = await createRole(t.database.db, { permissions: ['service:list', 'tag'], description: 'Tags' });
    const response = await call(admin, 'GET', `${ROLES}/${role.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: role.id,
      version: expect.stringMatching(/^\d+$/),
      name: role.name,
      displayName: role.displayName,
      description: 'Tags',
      isStatic: false,
      permissions: [
        { id: 'service:list', displayName: 'List services' },
        { id: 'tag', displayName: 'Tags (all permissions)' },
      ],
    });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await call(admin, 'GET', `${ROLES}/999999`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `${ROLES}/abc`)).statusCode).toBe(400);
  });
});

describe('GET identity/permissions/all', () => {
  it('lists the whole catalogue with each permission’s area', async () => {
    const response = await call(admin, 'GET', '/api/v1/identity/permissions/all');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toHaveLength(ALL_PERMISSIONS.length);
    expect(body).toContainEqual({ id: 'role:list', displayName: 'List roles', area: 'role' });
    expect(body).toContainEqual({
      id: 'reconciliation:transaction:export',
      displayName: PERMISSIONS['reconciliation:transaction:export'],
      area: 'reconciliation',
    });
    expect((await call(advisor, 'GET', '/api/v1/identity/permissions/all')).statusCode).toBe(403);
  });
});

describe('availability checks', () => {
  it('says whether a name or display name is free, ignoring case', async () => {
    const role = await createRole(t.database.db);
    const check = async (kind: string, value: string) =>
      (await call(admin, 'GET', `${ROLES}/${kind}/${encodeURIComponent(value)}/is-available`)).json();
    expect(await check('name', role.name.toUpperCase())).toBe(false);
    expect(await check('display-name', role.displayName.toLowerCase())).toBe(false);
    expect(await check('name', `free-${unique()}`)).toBe(true);
    expect(await check('display-name', `Free ${unique()}`)).toBe(true);
  });

  it('needs role:add or role:edit', async () => {
    expect((await call(advisor, 'GET', `${ROLES}/name/x/is-available`)).statusCode).toBe(403);
  });
});

describe('POST identity/roles', () => {
  it('creates a role with its permissions, each once, and audits it', async () => {
    const input = roleInput({ name: `  spaced-${unique()}  `, permissions: ['client', 'role:list', 'client'] });
    const response = await call(admin, 'POST', ROLES, input);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      version: expect.stringMatching(/^\d+$/),
      name: input.name.trim(),
      displayName: input.displayName,
      description: 'Reads the books',
      isStatic: false,
      permissions: [
        { id: 'client', displayName: 'Clients (all permissions)' },
        { id: 'role:list', displayName: 'List roles' },
      ],
    });
    const stored = await t.database.db
      .select({ permission: rolePermissions.permission })
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, body.id));
    expect(stored.map((row) => row.permission).sort()).toEqual(['client', 'role:list']);
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'role.created'), eq(auditEvents.objectId, String(body.id))));
    expect(event).toMatchObject({ actorUserId: admin.userId, objectType: 'role' });
  });

  it('stores an empty description as none', async () => {
    const body = (await call(admin, 'POST', ROLES, roleInput({ description: '   ' }))).json();
    expect(body.description).toBeNull();
  });

  it('requires name, display name and at least one permission, naming each field', async () => {
    const response = await call(admin, 'POST', ROLES, { name: ' ', displayName: '', permissions: [] });
    expect(response.statusCode).toBe(400);
    const fields = response.json().error.details.map((detail: { field: string }) => detail.field);
    expect(fields.sort()).toEqual(['displayName', 'name', 'permissions']);
  });

  it('refuses a permission outside the catalogue', async () => {
    const response = await call(admin, 'POST', ROLES, roleInput({ permissions: ['role:list', 'role:everything'] }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([expect.objectContaining({ field: 'permissions.1' })]);
  });

  it('refuses a name or display name already taken, whatever the case, naming the value', async () => {
    const existing = await createRole(t.database.db);
    const byName = await call(admin, 'POST', ROLES, roleInput({ name: existing.name.toUpperCase() }));
    expect(byName.statusCode).toBe(409);
    expect(byName.json().error.message).toBe(`${existing.name.toUpperCase()} is already taken. Try another.`);
    const byDisplayName = await call(admin, 'POST', ROLES, roleInput({ displayName: existing.displayName }));
    expect(byDisplayName.statusCode).toBe(409);
    expect(byDisplayName.json().error.message).toBe(`${existing.displayName} is already taken. Try another.`);
  });

  it('needs role:add', async () => {
    expect((await call(advisor, 'POST', ROLES, roleInput())).statusCode).toBe(403);
  });
});

describe('PUT identity/roles/{id}', () => {
  it('edits a role and replaces its permissions', async () => {
    const role = await createRole(t.database.db, { permissions: ['role:list', 'tag:list'] });
    const input = roleInput({ name: role.name, permissions: ['service'] });
    const response = await call(admin, 'PUT', `${ROLES}/${role.id}`, input);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: role.id,
      name: role.name,
      displayName: input.displayName,
      permissions: [{ id: 'service', displayName: 'Services (all permissions)' }],
    });
    expect((await call(admin, 'GET', `${ROLES}/${role.id}`)).json().permissions).toEqual([
      { id: 'service', displayName: 'Services (all permissions)' },
    ]);
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'role.updated'), eq(auditEvents.objectId, String(role.id))));
    expect(event?.details).toMatchObject({ added: ['service'], removed: ['role:list', 'tag:list'] });
  });

  it('accepts its own names in another case, and refuses another role’s', async () => {
    const role = await createRole(t.database.db);
    const other = await createRole(t.database.db);
    const own = await call(admin, 'PUT', `${ROLES}/${role.id}`, {
      ...roleInput(),
      name: role.name.toUpperCase(),
      displayName: role.displayName,
    });
    expect(own.statusCode).toBe(200);
    const taken = await call(admin, 'PUT', `${ROLES}/${role.id}`, { ...roleInput(), displayName: other.displayName });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(`${other.displayName} is already taken. Try another.`);
  });

  it('lets a static role change its display name but not its name or permissions', async () => {
    const employee = await roleByName('employee');
    const current = (await call(admin, 'GET', `${ROLES}/${employee.id}`)).json();
    const permissions = current.permissions.map((permission: { id: string }) => permission.id);
    const renamed = await call(admin, 'PUT', `${ROLES}/${employee.id}`, {
      name: 'staff',
      displayName: 'Employee',
      permissions,
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error.details).toEqual([expect.objectContaining({ field: 'name' })]);
    const regranted = await call(admin, 'PUT', `${ROLES}/${employee.id}`, {
      name: 'employee',
      displayName: 'Employee',
      permissions: [...permissions, 'role:list'],
    });
    expect(regranted.statusCode).toBe(400);
    expect(regranted.json().error.details).toEqual([expect.objectContaining({ field: 'permissions' })]);
    const relabelled = await call(admin, 'PUT', `${ROLES}/${employee.id}`, {
      name: 'employee',
      displayName: 'Staff member',
      description: 'Works in a department',
      permissions: [...permissions].reverse(),
    });
    expect(relabelled.statusCode).toBe(200);
    expect(relabelled.json()).toMatchObject({ displayName: 'Staff member', isStatic: true });
    await call(admin, 'PUT', `${ROLES}/${employee.id}`, { name: 'employee', displayName: 'Employee', permissions });
  });

  it('validates like create, and answers 404 for an unknown role', async () => {
    const role = await createRole(t.database.db);
    const invalid = await call(admin, 'PUT', `${ROLES}/${role.id}`, { ...roleInput(), permissions: [] });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.details).toEqual([expect.objectContaining({ field: 'permissions' })]);
    expect((await call(admin, 'PUT', `${ROLES}/999999`, roleInput())).statusCode).toBe(404);
  });

  it('needs role:edit', async () => {
    const role = await createRole(t.database.db);
    expect((await call(advisor, 'PUT', `${ROLES}/${role.id}`, roleInput())).statusCode).toBe(403);
  });

  it("applies to the role's users from their next request, without signing in again", async () => {
    const db = t.database.db;
    const user = await createUser(db, { role: 'supervisor' });
    const role = await createRole(db, { permissions: ['role:list'], userIds: [user.id] });
    const session = await signIn(t.app, user.username, user.password);
    expect((await call(session, 'GET', ROLES)).statusCode).toBe(200);
    expect((await call(session, 'GET', '/api/v1/document/services')).statusCode).toBe(403);

    const edit = await call(admin, 'PUT', `${ROLES}/${role.id}`, {
      name: role.name,
      displayName: role.displayName,
      permissions: ['service:list'],
    });
    expect(edit.statusCode).toBe(200);

    expect((await call(session, 'GET', ROLES)).statusCode).toBe(403);
    expect((await call(session, 'GET', '/api/v1/document/services')).statusCode).toBe(200);
  });
});

describe('DELETE identity/roles/{id}', () => {
  it('deletes a role no one holds, with its permissions, and audits it', async () => {
    const role = await createRole(t.database.db, { permissions: ['tag:list'] });
    const response = await call(admin, 'DELETE', `${ROLES}/${role.id}`);
    expect(response.statusCode).toBe(204);
    expect((await call(admin, 'GET', `${ROLES}/${role.id}`)).statusCode).toBe(404);
    const left = await t.database.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, role.id));
    expect(left).toEqual([]);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'role.deleted'), eq(auditEvents.objectId, String(role.id))));
    expect(events).toHaveLength(1);
  });

  it('refuses to delete a static role', async () => {
    const client = await roleByName('client');
    const response = await call(admin, 'DELETE', `${ROLES}/${client.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Client is a static role and cannot be deleted.');
  });

  it('refuses to delete a role assigned to users, saying how many', async () => {
    const db = t.database.db;
    const first = await createUser(db, { role: 'supervisor' });
    const second = await createUser(db, { role: 'supervisor' });
    const role = await createRole(db, { userIds: [first.id, second.id] });
    const response = await call(admin, 'DELETE', `${ROLES}/${role.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(`${role.displayName} is assigned to 2 users and cannot be deleted.`);
  });

  it('answers 404 for an unknown role and 403 without role:delete', async () => {
    expect((await call(admin, 'DELETE', `${ROLES}/999999`)).statusCode).toBe(404);
    const role = await createRole(t.database.db);
    expect((await call(advisor, 'DELETE', `${ROLES}/${role.id}`)).statusCode).toBe(403);
  });
});
