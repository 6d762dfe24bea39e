import { REQUEST_SCHEDULE_AUDIENCE } from '@ledgerport/shared';
import { only, type MatrixFixture, type MatrixRow } from '../../../testing/authorization-matrix.js';
import { insertSchedule, insertTemplate } from './requests-fixtures.js';

// Recurring requests are the admin's (request-schedule:*); no other role holds any (docs/permissions.md).
const BASE = '/api/v1/document/request-schedules';
const fresh = async (f: MatrixFixture) => {
  const templateId = await insertTemplate(f.db, { serviceId: f.serviceId });
  return `${BASE}/${await insertSchedule(f.db, { templateId, serviceId: f.serviceId })}`;
};
const body = async (f: MatrixFixture) => ({
  name: 'Monthly questions',
  templateId: await insertTemplate(f.db, { serviceId: f.serviceId }),
  dayOfMonth: 5,
  audience: REQUEST_SCHEDULE_AUDIENCE.chosenClients,
  clientIds: [f.clientA],
});

export const rows: MatrixRow[] = [
  { method: 'GET', route: BASE, expect: only({ admin: 200 }) },
  { method: 'GET', route: `${BASE}/:id`, url: fresh, expect: only({ admin: 200 }) },
  { method: 'POST', route: BASE, body, expect: only({ admin: 201 }) },
  { method: 'PUT', route: `${BASE}/:id`, url: fresh, body, expect: only({ admin: 200 }) },
  { method: 'DELETE', route: `${BASE}/:id`, url: fresh, expect: only({ admin: 204 }) },
];
