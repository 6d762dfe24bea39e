import { all, signedIn, type MatrixRow } from '../../../testing/authorization-matrix.js';
import { services } from '../../../db/schema/index.js';

export const rows: MatrixRow[] = [
  {
    method: 'GET',
    route: '/api/v1/document/services/all',
    url: () => '/api/v1/document/services/all?includeIcons=true',
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/v1/document/clients/:clientId/services',
    url: (f) => `/api/v1/document/clients/${f.clientA}/services?includeIcons=true`,
    // Staff see any client's services; of the client users only A's owner and collaborator.
    expect: signedIn(200, { ownerB: 404 }),
  },
  {
    method: 'GET',
    route: '/api/v1/document/services/:serviceId/main-tag-group-tags/document-assigned',
    url: async (f) => {
      const [service] = await f.db.select({ id: services.id }).from(services).limit(1);
      return `/api/v1/document/services/${service!.id}/main-tag-group-tags/document-assigned`;
    },
    expect: all(200, { anonymous: 401 }),
  },
];
