import { departments } from '../../../db/schema/index.js';
import { createService } from '../../../testing/services-factories.js';
import { only, type MatrixFixture, type MatrixRow } from '../../../testing/authorization-matrix.js';

const SERVICES = '/api/v1/document/services';
const freshService = async (f: MatrixFixture) => (await createService(f.db)).id;
const input = async (f: MatrixFixture) => {
  const suffix = Math.random().toString(36).slice(2, 10);
  const [department] = await f.db.select({ id: departments.id }).from(departments).limit(1);
  return { name: `matrix-${suffix}`, displayName: `Matrix ${suffix}`, departmentId: department!.id, color: '#123456' };
};

// Services administration is the admin's: every other staff role and every client user gets 403.
export const rows: MatrixRow[] = [
  { method: 'GET', route: SERVICES, expect: only({ admin: 200 }) },
  {
    method: 'GET',
    route: `${SERVICES}/name/:name/is-available`,
    url: () => `${SERVICES}/name/someone/is-available`,
    expect: only({ admin: 200 }),
  },
  {
    method: 'GET',
    route: `${SERVICES}/display-name/:displayName/is-available`,
    url: () => `${SERVICES}/display-name/Someone/is-available`,
    expect: only({ admin: 200 }),
  },
  {
    method: 'GET',
    route: `${SERVICES}/:id`,
    url: async (f) => `${SERVICES}/${await freshService(f)}`,
    expect: only({ admin: 200 }),
  },
  { method: 'POST', route: SERVICES, body: input, expect: only({ admin: 201 }) },
  {
    method: 'PUT',
    route: `${SERVICES}/:id`,
    url: async (f) => `${SERVICES}/${await freshService(f)}`,
    body: input,
    expect: only({ admin: 200 }),
  },
  {
    method: 'DELETE',
    route: `${SERVICES}/:id`,
    url: async (f) => `${SERVICES}/${await freshService(f)}`,
    expect: only({ admin: 204 }),
  },
  {
    method: 'PATCH',
    route: `${SERVICES}/:id/activate`,
    url: async (f) => `${SERVICES}/${await freshService(f)}/activate`,
    expect: only({ admin: 200 }),
  },
  {
    method: 'PATCH',
    route: `${SERVICES}/:id/deactivate`,
    url: async (f) => `${SERVICES}/${await freshService(f)}/deactivate`,
    expect: only({ admin: 200 }),
  },
];
