import { and, desc, eq } from 'drizzle-orm';
import { CONTRACTOR_TYPE, type ContractorType } from '@ledgerport/shared';
import { contractors } from '../../../db/schema/index.js';
import { only, signedIn, type MatrixFixture, type MatrixRow } from '../../../testing/authorization-matrix.js';
import { businessBody, individualBody, insertContractor, stateId } from './contractors-fixtures.js';

// Staff roles hold contractor:* except the employee (list, complete-or-open, export; b1g1_employee is
// a tax employee); clients hold everything but complete-or-open (docs/permissions.md). Client users act
// for their business current client, so ownerB reaching clientA's contractor is 404. The deactivated
// collaborator's current client is clientA, which it may no longer see: the feature is closed to it (403).
const BASE = '/api/v1/document/contractors';

/** A contractor of clientA: in scope for staff, ownerA and collaboratorA; another client's for ownerB. */
const freshContractor = (f: MatrixFixture, contractorType: ContractorType = CONTRACTOR_TYPE.business) =>
  insertContractor(f.db, { clientId: f.clientA, contractorType, name: 'Matrix Contractor' });

/**
 * Reading an identification number in full decrypts it with the app's key, which the fixture does not
 * hold: these rows read contractors the insert row above made through the API.
 */
async function apiMadeContractor(f: MatrixFixture, type: ContractorType): Promise<number> {
  const [row] = await f.db
    .select({ id: contractors.id })
    .from(contractors)
    .where(and(eq(contractors.clientId, f.clientA), eq(contractors.contractorType, type)))
    .orderBy(desc(contractors.id))
    .limit(1);
  if (!row) throw new Error('The insert row must run before the get-by-id rows.');
  return row.id;
}

const closed = { deactivatedCollaboratorA: 403 };
const editors = { admin: 200, advisor: 200, supervisor: 200, ownerA: 200, collaboratorA: 200, ownerB: 404, ...closed };

export const rows: MatrixRow[] = [
  { method: 'GET', route: BASE, expect: signedIn(200, closed) },
  { method: 'GET', route: `${BASE}/export`, expect: signedIn(200, closed) },
  { method: 'GET', route: `${BASE}/clients`, url: () => `${BASE}/clients?text=a`, expect: signedIn(200, closed) },
  {
    method: 'POST',
    route: BASE,
    // Staff add to clientA; collaboratorA and the supervisor add individuals, the rest businesses.
    body: async (f, actor) => {
      const state = await stateId(f.db);
      const common = { clientId: f.clientA };
      return actor === 'collaboratorA' || actor === 'supervisor'
        ? individualBody(state, common)
        : businessBody(state, common);
    },
    expect: only({
      admin: 201,
      advisor: 201,
      supervisor: 201,
      ownerA: 201,
      collaboratorA: 201,
      ownerB: 201,
      ...closed,
    }),
  },
  {
    method: 'GET',
    route: `${BASE}/business/:id`,
    url: async (f) => `${BASE}/business/${await apiMadeContractor(f, CONTRACTOR_TYPE.business)}`,
    expect: signedIn(200, { ownerB: 404, ...closed }),
  },
  {
    method: 'GET',
    route: `${BASE}/individual/:id`,
    url: async (f) => `${BASE}/individual/${await apiMadeContractor(f, CONTRACTOR_TYPE.individual)}`,
    expect: signedIn(200, { ownerB: 404, ...closed }),
  },
  {
    method: 'PUT',
    route: `${BASE}/business/:id`,
    url: async (f) => `${BASE}/business/${await freshContractor(f)}`,
    body: async (f) => {
      const { contractorType: _type, ...form } = businessBody(await stateId(f.db));
      return form;
    },
    expect: only(editors),
  },
  {
    method: 'PUT',
    route: `${BASE}/individual/:id`,
    url: async (f) => `${BASE}/individual/${await freshContractor(f, CONTRACTOR_TYPE.individual)}`,
    body: async (f) => {
      const { contractorType: _type, ...form } = individualBody(await stateId(f.db));
      return form;
    },
    expect: only(editors),
  },
  {
    method: 'DELETE',
    route: `${BASE}/:id`,
    url: async (f) => `${BASE}/${await freshContractor(f)}`,
    expect: only({
      admin: 204,
      advisor: 204,
      supervisor: 204,
      ownerA: 204,
      collaboratorA: 204,
      ownerB: 404,
      ...closed,
    }),
  },
  {
    method: 'POST',
    route: `${BASE}/:id/complete`,
    url: async (f) => `${BASE}/${await freshContractor(f)}/complete`,
    expect: only({ admin: 204, advisor: 204, supervisor: 204, employee: 204 }),
  },
  {
    method: 'POST',
    route: `${BASE}/:id/open`,
    url: async (f) => `${BASE}/${await freshContractor(f)}/open`,
    expect: only({ admin: 204, advisor: 204, supervisor: 204, employee: 204 }),
  },
  {
    // Staff pass the permission gate (contractor:*) but only client users pay for their own contractors.
    method: 'POST',
    route: `${BASE}/payment-intent`,
    expect: only({ ownerA: 200, collaboratorA: 200, ownerB: 200, ...closed }),
  },
];
