import { signedIn, type MatrixRow } from '../../../testing/authorization-matrix.js';

export const rows: MatrixRow[] = [{ method: 'GET', route: '/api/v1/identity/departments/all', expect: signedIn(200) }];
