import { only, type MatrixRow } from '../../../testing/authorization-matrix.js';

// Only the admin holds audit:* by default. The sessions rows are in auth/__tests__/user-sessions.matrix.ts.
const EVENTS = '/api/v1/identity/audit-events';

export const rows: MatrixRow[] = [
  { method: 'GET', route: EVENTS, expect: only({ admin: 200 }) },
  { method: 'GET', route: `${EVENTS}/actions`, expect: only({ admin: 200 }) },
  { method: 'GET', route: `${EVENTS}/export`, expect: only({ admin: 200 }) },
];
