import { only, type MatrixFixture, type MatrixRow } from '../../../testing/authorization-matrix.js';
import { createCompany } from './companies-factory.js';

// Only the admin holds company:* in the default roles (docs/permissions.md).
const BASE = '/api/v1/company/companies';
const nonResidentWithPassport = (f: MatrixFixture) =>
  createCompany(
    f.db,
    { isResident: false, organizers: [{ passportFileName: 'passport.png' }] },
    { storage: f.storage },
  );

export const rows: MatrixRow[] = [
  { method: 'GET', route: BASE, expect: only({ admin: 200 }) },
  {
    method: 'GET',
    route: `${BASE}/:id`,
    url: async (f) => `${BASE}/${(await createCompany(f.db)).company.id}`,
    expect: only({ admin: 200 }),
  },
  {
    method: 'GET',
    route: `${BASE}/:id/organizers/:organizerId/passport`,
    url: async (f) => {
      const { company, organizers } = await nonResidentWithPassport(f);
      return `${BASE}/${company.id}/organizers/${organizers[0]!.id}/passport`;
    },
    expect: only({ admin: 200 }),
  },
];
