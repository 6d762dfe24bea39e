import { all, signedIn, type MatrixRow } from '../../../testing/authorization-matrix.js';

export const rows: MatrixRow[] = [
  {
    method: 'POST',
    route: '/api/v1/authentication/account/authenticate',
    // A new unknown login each time, so the per-account throttle stays out of the picture.
    body: () => ({ usernameOrEmailAddress: `nobody-${Math.random()}@example.com`, password: 'Wrong1' }),
    expect: all(200),
  },
  // Without a refresh token everyone gets 401: the route is public but needs the token itself.
  { method: 'GET', route: '/api/v1/authentication/account/refresh-jwt-tokens', expect: all(401) },
  { method: 'POST', route: '/api/v1/authentication/account/logout', endsSession: true, expect: signedIn(204) },
];
