import { randomBytes } from 'node:crypto';
import { REQUEST_ITEM_KIND } from '@ledgerport/shared';
import { only, type MatrixFixture, type MatrixRow } from '../../../testing/authorization-matrix.js';
import { insertTemplate } from './requests-fixtures.js';

// Templates are firm data: every staff role lists them (to send a request from one); only the admin
// manages them (request-template:*); clients hold none (docs/permissions.md).
const BASE = '/api/v1/document/request-templates';
const staff = { admin: 200, advisor: 200, supervisor: 200, employee: 200 };
const fresh = async (f: MatrixFixture) => `${BASE}/${await insertTemplate(f.db, { serviceId: f.serviceId })}`;
const body = (f: MatrixFixture) => ({
  name: `Matrix template ${randomBytes(3).toString('hex')}`,
  title: 'Year-end questions',
  serviceId: f.serviceId,
  dueOffsetDays: 10,
  items: [{ title: 'Any new dependants?', kind: REQUEST_ITEM_KIND.answer }],
});

export const rows: MatrixRow[] = [
  { method: 'GET', route: BASE, expect: only(staff) },
  { method: 'GET', route: `${BASE}/:id`, url: fresh, expect: only(staff) },
  { method: 'POST', route: BASE, body, expect: only({ admin: 201 }) },
  { method: 'PUT', route: `${BASE}/:id`, url: fresh, body, expect: only({ admin: 200 }) },
  { method: 'DELETE', route: `${BASE}/:id`, url: fresh, expect: only({ admin: 204 }) },
];
