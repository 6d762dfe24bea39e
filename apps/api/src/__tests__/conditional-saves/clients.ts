import type { CaseModule } from './harness.js';

/** Conditional saves of clients and their collaborators. */
export const clientsCases: CaseModule = {
  cases: [],
  guarded: {
    'PUT /api/v1/document/users/me/clients/current': 'chooses the account the user acts for, per session',
  },
  pending: [
    'PATCH /api/v1/document/clients/:id/activate',
    'PATCH /api/v1/document/clients/:id/deactivate',
    'DELETE /api/v1/document/clients/:id',
    'PUT /api/v1/document/clients/business/:id',
    'PUT /api/v1/document/clients/personal/:id',
    'PATCH /api/v1/document/users/me/clients/:clientId/collaborators/:userId/activate',
    'PATCH /api/v1/document/users/me/clients/:clientId/collaborators/:userId/deactivate',
    'DELETE /api/v1/document/users/me/clients/:clientId/collaboration',
  ],
};
