import { CLIENT_TYPE } from '@ledgerport/shared';
import { only, type MatrixFixture, type MatrixRow } from '../../../testing/authorization-matrix.js';
import { createClient } from '../../../testing/factories.js';

/** Staff hold client:list/view/edit/export; client users hold none of the client area. */
const staffRead = only({ admin: 200, advisor: 200, supervisor: 200, employee: 200 });
/** add, change-status, delete, send-email: admin, advisor and supervisor (the whole `client` area). */
const staffManage = (status: number) => only({ admin: status, advisor: status, supervisor: status });

const freshClient = async (f: MatrixFixture) => (await createClient(f.db, { ownerUserId: f.userIds.ownerB })).id;

export const rows: MatrixRow[] = [
  { method: 'GET', route: '/api/v1/document/clients', expect: staffRead },
  { method: 'GET', route: '/api/v1/document/clients/all', expect: staffRead },
  { method: 'GET', route: '/api/v1/document/clients/default-filters', expect: staffRead },
  { method: 'GET', route: '/api/v1/document/clients/export', expect: staffRead },
  {
    method: 'GET',
    route: '/api/v1/document/clients/:id/details',
    url: (f) => `/api/v1/document/clients/${f.clientA}/details`,
    expect: staffRead,
  },
  {
    method: 'GET',
    route: '/api/v1/identity/users/clients',
    url: () => '/api/v1/identity/users/clients?text=batch',
    expect: staffRead,
  },
  {
    method: 'GET',
    route: '/api/v1/document/clients/owner-email/:emailAddress/is-available',
    url: () => '/api/v1/document/clients/owner-email/someone@example.com/is-available',
    expect: staffManage(200),
  },
  {
    method: 'POST',
    route: '/api/v1/document/clients',
    body: (f) => ({ clientType: CLIENT_TYPE.business, name: 'Matrix Client Co', ownerUserId: f.userIds.ownerB }),
    expect: staffManage(201),
  },
  {
    method: 'POST',
    route: '/api/v1/document/clients/send-email',
    url: () => '/api/v1/document/clients/send-email?fullName=no-such-client-name',
    body: () => ({ subject: 'Matrix', body: '<p>Hello</p>' }),
    expect: staffManage(200),
  },
  {
    method: 'PATCH',
    route: '/api/v1/document/clients/:id/activate',
    url: async (f) => `/api/v1/document/clients/${await freshClient(f)}/activate`,
    expect: staffManage(204),
  },
  {
    method: 'PATCH',
    route: '/api/v1/document/clients/:id/deactivate',
    url: async (f) => `/api/v1/document/clients/${await freshClient(f)}/deactivate`,
    expect: staffManage(204),
  },
  {
    method: 'DELETE',
    route: '/api/v1/document/clients/:id',
    url: async (f) => `/api/v1/document/clients/${await freshClient(f)}`,
    expect: staffManage(204),
  },
];
