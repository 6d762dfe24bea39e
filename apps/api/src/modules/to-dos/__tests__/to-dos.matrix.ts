import { signedIn, type MatrixRow } from '../../../testing/authorization-matrix.js';

// Anyone signed in asks; each gets only their own current client's (staff: nothing).
export const rows: MatrixRow[] = [{ method: 'GET', route: '/api/v1/document/users/me/to-dos', expect: signedIn(200) }];
