import { all, type MatrixRow } from '../../../testing/authorization-matrix.js';

export const rows: MatrixRow[] = [{ method: 'GET', route: '/api/v1/openapi.json', expect: all(200) }];
