import { CLIENT_TYPE } from '@ledgerport/shared';
import { signedIn, type MatrixRow } from '../../../testing/authorization-matrix.js';

export const rows: MatrixRow[] = [
  {
    method: 'GET',
    route: '/api/v1/document/users/me/clients',
    expect: signedIn(200, { advisor: 403, supervisor: 403, employee: 403 }),
  },
  {
    method: 'POST',
    route: '/api/v1/document/users/me/clients',
    body: () => ({ clientType: CLIENT_TYPE.business, name: 'Matrix Ventures LLC' }),
    // Admin holds account:list (it holds everything) but only client users own accounts.
    expect: signedIn(201, { advisor: 403, supervisor: 403, employee: 403, admin: 403 }),
  },
  {
    method: 'PUT',
    route: '/api/v1/document/users/me/clients/current',
    body: (f) => ({ clientId: f.clientA }),
    // Admin holds account:list but owns no client: A's id is outside its scope.
    expect: signedIn(200, { advisor: 403, supervisor: 403, employee: 403, admin: 404, ownerB: 404 }),
  },
];
