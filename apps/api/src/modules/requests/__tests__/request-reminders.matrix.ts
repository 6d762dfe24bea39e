import { only, type MatrixFixture, type MatrixRow } from '../../../testing/authorization-matrix.js';
import { daysFromNow, insertRequest } from './requests-fixtures.js';

// "Remind now" and who it reaches: staff holding request:edit (every staff role; docs/permissions.md).
// Clients hold no request:edit, so the gate answers 403 before the request is looked up. Each call
// gets a fresh open request of clientA, overdue, with an item waiting on the client.
const BASE = '/api/v1/document/requests';

const freshRequest = (f: MatrixFixture) =>
  insertRequest(f.db, { clientId: f.clientA, serviceId: f.serviceId, dueDate: daysFromNow(-3) });

const staff = { admin: 200, advisor: 200, supervisor: 200, employee: 200 };

export const rows: MatrixRow[] = [
  {
    method: 'POST',
    route: `${BASE}/:id/remind`,
    url: async (f) => `${BASE}/${(await freshRequest(f)).id}/remind`,
    expect: only(staff),
  },
  {
    method: 'POST',
    route: `${BASE}/remind`,
    body: async (f) => ({ ids: [(await freshRequest(f)).id] }),
    expect: only(staff),
  },
  {
    method: 'GET',
    route: `${BASE}/:id/reminder-recipients`,
    url: async (f) => `${BASE}/${(await freshRequest(f)).id}/reminder-recipients`,
    expect: only(staff),
  },
];
