import { all, only, signedIn, type MatrixRow } from '../../../testing/authorization-matrix.js';

// The demo users of the fixture have no second factor: each can start an enrolment, but no code
// they send is right, and disabling or replacing recovery codes finds nothing turned on.
export const rows: MatrixRow[] = [
  {
    method: 'POST',
    route: '/api/v1/authentication/account/authenticate/two-factor',
    body: () => ({ challengeToken: 'not-a-challenge', code: '123456' }),
    expect: all(400),
  },
  { method: 'GET', route: '/api/v1/identity/two-factor', expect: signedIn(200) },
  { method: 'POST', route: '/api/v1/identity/two-factor/enrolment', expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/v1/identity/two-factor/enrolment/confirm',
    body: () => ({ code: '000000' }),
    expect: signedIn(400),
  },
  {
    method: 'POST',
    route: '/api/v1/identity/two-factor/recovery-codes',
    body: () => ({ code: '000000' }),
    expect: signedIn(400),
  },
  {
    method: 'POST',
    route: '/api/v1/identity/two-factor/disable',
    body: () => ({ code: '000000' }),
    expect: signedIn(400),
  },
  {
    method: 'DELETE',
    route: '/api/v1/identity/users/:id/two-factor',
    url: (f) => `/api/v1/identity/users/${f.userIds.ownerB}/two-factor`,
    expect: only({ admin: 204 }),
  },
];
