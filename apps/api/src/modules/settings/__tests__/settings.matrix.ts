import { FIRM_SETTINGS_DEFAULTS } from '@ledgerport/shared';
import { only, type MatrixRow } from '../../../testing/authorization-matrix.js';

export const rows: MatrixRow[] = [
  { method: 'GET', route: '/api/v1/identity/settings', expect: only({ admin: 200 }) },
  {
    method: 'PUT',
    route: '/api/v1/identity/settings',
    // The defaults: requiring two-factor here would lock every later row's actor out.
    body: () => ({ ...FIRM_SETTINGS_DEFAULTS }),
    expect: only({ admin: 200 }),
  },
];
