import { all, type MatrixRow } from '../../../testing/authorization-matrix.js';

export const rows: MatrixRow[] = [{ method: 'GET', route: '/api/v1/company/states/all', expect: all(200) }];
