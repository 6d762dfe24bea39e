import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { roles } from '../../../db/schema/index.js';
import { only, type MatrixFixture, type MatrixRow } from '../../../testing/authorization-matrix.js';
import { createUser } from '../../../testing/factories.js';

// Default roles (docs/permissions.md): every staff role lists users, admin/advisor/supervisor export,
// only the admin adds, edits, changes status and resets passwords. Client users hold no user:*.
const BASE = '/api/v1/identity/users';
const unique = () => randomBytes(4).toString('hex');
const staff = (status: number) => only({ admin: status, advisor: status, supervisor: status, employee: status });

async function clientRoleId(f: MatrixFixture): Promise<number> {
  const [row] = await f.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'client'));
  return row!.id;
}

/** A fresh client user per call, so a change made for one actor never affects the next. */
async function freshClientUser(f: MatrixFixture): Promise<number> {
  return (await createUser(f.db, { role: 'client', advisorUserId: f.userIds.advisor })).id;
}

async function clientUserBody(f: MatrixFixture) {
  return {
    firstName: 'Matrix',
    lastName: unique(),
    emailAddress: `matrix_${unique()}@example.com`,
    phoneNumber: '5550100555',
    roleId: await clientRoleId(f),
    advisorUserId: f.userIds.advisor,
  };
}

export const rows: MatrixRow[] = [
  { method: 'GET', route: BASE, expect: staff(200) },
  {
    method: 'GET',
    route: `${BASE}/export`,
    expect: only({ admin: 200, advisor: 200, supervisor: 200 }),
  },
  {
    method: 'GET',
    route: `${BASE}/email-address/:emailAddress/is-available`,
    url: () => `${BASE}/email-address/someone%40example.com/is-available`,
    expect: only({ admin: 200 }),
  },
  {
    method: 'GET',
    route: `${BASE}/username/:username/is-available`,
    url: () => `${BASE}/username/someone/is-available`,
    expect: only({ admin: 200 }),
  },
  { method: 'GET', route: `${BASE}/advisors/all`, expect: staff(200) },
  { method: 'GET', route: `${BASE}/supervisors/all`, expect: staff(200) },
  {
    method: 'GET',
    route: `${BASE}/:id`,
    url: (f) => `${BASE}/${f.userIds.ownerA}`,
    expect: staff(200),
  },
  {
    method: 'POST',
    route: BASE,
    body: async (f) => ({ ...(await clientUserBody(f)), password: 'Secret12', confirmPassword: 'Secret12' }),
    expect: only({ admin: 201 }),
  },
  {
    method: 'PUT',
    route: `${BASE}/:id`,
    url: async (f) => `${BASE}/${await freshClientUser(f)}`,
    body: async (f) => ({ ...(await clientUserBody(f)), username: `matrix_${unique()}` }),
    expect: only({ admin: 200 }),
  },
  {
    method: 'PATCH',
    route: `${BASE}/:id/activate`,
    url: async (f) => `${BASE}/${await freshClientUser(f)}/activate`,
    expect: only({ admin: 204 }),
  },
  {
    method: 'PATCH',
    route: `${BASE}/:id/deactivate`,
    url: async (f) => `${BASE}/${await freshClientUser(f)}/deactivate`,
    expect: only({ admin: 204 }),
  },
  {
    method: 'PATCH',
    route: `${BASE}/:id/reset-password`,
    url: async (f) => `${BASE}/${await freshClientUser(f)}/reset-password`,
    body: () => ({ password: 'Secret12', confirmPassword: 'Secret12' }),
    expect: only({ admin: 204 }),
  },
];
