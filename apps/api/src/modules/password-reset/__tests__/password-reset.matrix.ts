import { all, type MatrixRow } from '../../../testing/authorization-matrix.js';

/** Public routes: the same answer for everyone, signed in or not. */
export const rows: MatrixRow[] = [
  {
    method: 'POST',
    route: '/api/v1/identity/account/send-reset-password-email',
    // One address per actor: each is asked about once, well under the per-address limit.
    body: (_f, actor) => ({ emailAddress: `matrix-${actor}@example.com` }),
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/v1/identity/account/is-forgot-password-token-usable',
    url: () => '/api/v1/identity/account/is-forgot-password-token-usable?token=not-a-token&userId=1',
    expect: all(200),
  },
  {
    method: 'POST',
    route: '/api/v1/identity/account/reset-password',
    body: () => ({ userId: 1, token: 'not-a-token', password: 'Matrix123', confirmPassword: 'Matrix123' }),
    expect: all(400),
  },
];
