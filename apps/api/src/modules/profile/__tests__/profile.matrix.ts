import { signedIn, type MatrixRow } from '../../../testing/authorization-matrix.js';

export const rows: MatrixRow[] = [{ method: 'GET', route: '/api/v1/identity/users/me', expect: signedIn(200) }];
