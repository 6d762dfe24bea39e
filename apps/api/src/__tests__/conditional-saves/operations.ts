import type { CaseModule } from './harness.js';

/** Conditional saves of announcements, coupons, the bookkeeping tracker and contractors. */
export const operationsCases: CaseModule = {
  cases: [],
  guarded: {},
  pending: [
    'PATCH /api/v1/document/announcements/:id/activate',
    'PATCH /api/v1/document/announcements/:id/deactivate',
    'PATCH /api/v1/company/coupons/:id/activate',
    'PATCH /api/v1/company/coupons/:id/deactivate',
    'PUT /api/v1/document/bookkeeping/:id',
    'PUT /api/v1/document/contractors/business/:id',
    'PUT /api/v1/document/contractors/individual/:id',
    'DELETE /api/v1/document/contractors/:id',
  ],
};
