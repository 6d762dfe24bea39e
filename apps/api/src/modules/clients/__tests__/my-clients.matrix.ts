import { CLIENT_TYPE } from '@ledgerport/shared';
import { clientCollaborators } from '../../../db/schema/index.js';
import { signedIn, type MatrixFixture, type MatrixRow } from '../../../testing/authorization-matrix.js';
import { createClient, createUser } from '../../../testing/factories.js';

const STAFF_403 = { advisor: 403, supervisor: 403, employee: 403 } as const;

/** A fresh collaborator on A per call, so one actor's change does not touch the next actor's call. */
async function freshCollaboratorOfA(f: MatrixFixture, action: 'activate' | 'deactivate') {
  const user = await createUser(f.db);
  await f.db
    .insert(clientCollaborators)
    .values({ clientId: f.clientA, userId: user.id, isActive: action === 'activate' ? false : true });
  return `/api/v1/document/users/me/clients/${f.clientA}/collaborators/${user.id}/${action}`;
}

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
  {
    method: 'GET',
    route: '/api/v1/document/users/me/clients/owner',
    // Admin holds account:list but owns nothing: an empty list.
    expect: signedIn(200, STAFF_403),
  },
  {
    method: 'GET',
    route: '/api/v1/document/users/me/clients/collaborator',
    expect: signedIn(200, STAFF_403),
  },
  {
    method: 'GET',
    route: '/api/v1/document/users/me/clients/:id/details',
    url: (f) => `/api/v1/document/users/me/clients/${f.clientA}/details`,
    expect: signedIn(200, { ...STAFF_403, admin: 404, ownerB: 404 }),
  },
  {
    method: 'PATCH',
    route: '/api/v1/document/users/me/clients/:clientId/collaborators/:userId/activate',
    url: (f) => freshCollaboratorOfA(f, 'activate'),
    // Owner only: a collaborator of A sees A but does not manage its people.
    expect: signedIn(204, { ...STAFF_403, admin: 404, collaboratorA: 404, ownerB: 404 }),
  },
  {
    method: 'PATCH',
    route: '/api/v1/document/users/me/clients/:clientId/collaborators/:userId/deactivate',
    url: (f) => freshCollaboratorOfA(f, 'deactivate'),
    expect: signedIn(204, { ...STAFF_403, admin: 404, collaboratorA: 404, ownerB: 404 }),
  },
  {
    method: 'DELETE',
    route: '/api/v1/document/users/me/clients/:clientId/collaboration',
    // A fresh client of ownerA with collaboratorA per call: collaboratorA leaves it; its owner is no collaborator.
    url: async (f) => {
      const client = await createClient(f.db, {
        ownerUserId: f.userIds.ownerA,
        collaboratorUserIds: [f.userIds.collaboratorA],
      });
      return `/api/v1/document/users/me/clients/${client.id}/collaboration`;
    },
    expect: signedIn(204, { ...STAFF_403, admin: 404, ownerA: 404, ownerB: 404 }),
  },
];
