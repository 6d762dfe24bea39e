import type { CaseModule } from './harness.js';

/** Conditional saves of users, roles, firm settings, sessions and passwords. */
export const identityCases: CaseModule = {
  cases: [],
  guarded: {
    'DELETE /api/v1/identity/users/me/sessions/:id': 'ends a session: nothing is overwritten',
    'DELETE /api/v1/identity/users/:id/sessions': 'ends sessions: nothing is overwritten',
    'DELETE /api/v1/identity/users/:id/sessions/:sessionId': 'ends a session: nothing is overwritten',
    'PATCH /api/v1/identity/users/me/password': 'checked by the old password',
    'PATCH /api/v1/identity/users/:id/reset-password': 'sets a new password: nothing of the user is overwritten',
    'DELETE /api/v1/identity/users/:id/two-factor': 'resets a second factor: nothing is overwritten',
  },
  pending: [
    'PUT /api/v1/identity/users/me',
    'PUT /api/v1/identity/users/:id',
    'PATCH /api/v1/identity/users/:id/activate',
    'PATCH /api/v1/identity/users/:id/deactivate',
    'PUT /api/v1/identity/roles/:id',
    'DELETE /api/v1/identity/roles/:id',
    'PUT /api/v1/identity/settings',
  ],
};
