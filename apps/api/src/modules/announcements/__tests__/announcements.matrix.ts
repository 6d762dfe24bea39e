import { only, signedIn, type MatrixFixture, type MatrixRow } from '../../../testing/authorization-matrix.js';
import { createAnnouncement } from './announcement-factory.js';

const adminOnly = (status: number) => only({ admin: status });
const fresh = async (f: MatrixFixture) => (await createAnnouncement(f.db)).id;

export const rows: MatrixRow[] = [
  { method: 'GET', route: '/api/v1/document/announcements', expect: adminOnly(200) },
  {
    method: 'POST',
    route: '/api/v1/document/announcements',
    body: () => ({ title: 'Matrix', body: '<p>Body</p>', acknowledgmentText: '<p>Ack</p>', expirationDate: null }),
    expect: adminOnly(201),
  },
  {
    method: 'GET',
    route: '/api/v1/document/announcements/:id',
    url: async (f) => `/api/v1/document/announcements/${await fresh(f)}`,
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/v1/document/announcements/:id/acknowledgements',
    url: async (f) => `/api/v1/document/announcements/${await fresh(f)}/acknowledgements?status=pending`,
    expect: adminOnly(200),
  },
  {
    method: 'PATCH',
    route: '/api/v1/document/announcements/:id/activate',
    url: async (f) => `/api/v1/document/announcements/${await fresh(f)}/activate`,
    expect: adminOnly(204),
  },
  {
    method: 'PATCH',
    route: '/api/v1/document/announcements/:id/deactivate',
    url: async (f) => `/api/v1/document/announcements/${await fresh(f)}/deactivate`,
    expect: adminOnly(204),
  },
  // Client users hold no announcement permission: these two are scoped to the caller's own clients.
  { method: 'GET', route: '/api/v1/document/announcements/unconfirmed', expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/v1/document/announcements/:id/acknowledge',
    url: async (f) => `/api/v1/document/announcements/${await fresh(f)}/acknowledge`,
    // Each client user confirms for their own client; staff name client A, which is not theirs, and so
    // does the deactivated collaborator, which has lost it.
    body: (f, actor) => ({ clients: [actor === 'ownerB' ? f.clientB : f.clientA] }),
    expect: signedIn(404, { ownerA: 204, collaboratorA: 204, ownerB: 204, deactivatedCollaboratorA: 404 }),
  },
  {
    method: 'POST',
    route: '/api/v1/document/announcements/:id/acknowledge',
    url: async (f) => `/api/v1/document/announcements/${await fresh(f)}/acknowledge`,
    // Someone else's client: out of scope, whoever asks.
    body: (f, actor) => ({ clients: [actor === 'ownerB' ? f.clientA : f.clientB] }),
    expect: signedIn(404),
  },
];
