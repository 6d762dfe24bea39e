import { all, type MatrixRow } from '../../../testing/authorization-matrix.js';

export const rows: MatrixRow[] = [
  { method: 'GET', route: '/api/v1/company/states/all', expect: all(200) },
  { method: 'GET', route: '/api/v1/company/counties/all', expect: all(200) },
  { method: 'GET', route: '/api/v1/company/industries/all', expect: all(200) },
  { method: 'GET', route: '/api/v1/company/business-entity-types/all', expect: all(200) },
  { method: 'GET', route: '/api/v1/company/registered-agent-types/all', expect: all(200) },
  { method: 'GET', route: '/api/v1/company/management-structures/all', expect: all(200) },
  { method: 'GET', route: '/api/v1/company/organizer-titles/all', expect: all(200) },
];
