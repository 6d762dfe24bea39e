import { createRole } from '../../../testing/roles-factories.js';
import { only, type MatrixFixture, type MatrixRow } from '../../../testing/authorization-matrix.js';

const ROLES = '/api/v1/identity/roles';
const freshRole = async (f: MatrixFixture) => (await createRole(f.db)).id;
const input = () => {
  const suffix = Math.random().toString(36).slice(2, 10);
  return { name: `matrix-${suffix}`, displayName: `Matrix ${suffix}`, permissions: ['role:list'] };
};

// Roles administration is the admin's: every other staff role and every client user gets 403.
export const rows: MatrixRow[] = [
  { method: 'GET', route: ROLES, expect: only({ admin: 200 }) },
  {
    method: 'GET',
    route: `${ROLES}/all`,
    // The users screen needs the options: user:list is enough.
    expect: only({ admin: 200, advisor: 200, supervisor: 200, employee: 200 }),
  },
  {
    method: 'GET',
    route: `${ROLES}/name/:name/is-available`,
    url: () => `${ROLES}/name/someone/is-available`,
    expect: only({ admin: 200 }),
  },
  {
    method: 'GET',
    route: `${ROLES}/display-name/:displayName/is-available`,
    url: () => `${ROLES}/display-name/Someone/is-available`,
    expect: only({ admin: 200 }),
  },
  {
    method: 'GET',
    route: `${ROLES}/:id`,
    url: async (f) => `${ROLES}/${await freshRole(f)}`,
    expect: only({ admin: 200 }),
  },
  { method: 'POST', route: ROLES, body: input, expect: only({ admin: 201 }) },
  {
    method: 'PUT',
    route: `${ROLES}/:id`,
    url: async (f) => `${ROLES}/${await freshRole(f)}`,
    body: input,
    expect: only({ admin: 200 }),
  },
  {
    method: 'DELETE',
    route: `${ROLES}/:id`,
    url: async (f) => `${ROLES}/${await freshRole(f)}`,
    expect: only({ admin: 204 }),
  },
  { method: 'GET', route: '/api/v1/identity/permissions/all', expect: only({ admin: 200 }) },
];
