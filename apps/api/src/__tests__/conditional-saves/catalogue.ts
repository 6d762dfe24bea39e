import type { CaseModule } from './harness.js';

/** Conditional saves of services, tag groups and tags. */
export const catalogueCases: CaseModule = {
  cases: [],
  guarded: {},
  pending: [
    'PUT /api/v1/document/services/:id',
    'DELETE /api/v1/document/services/:id',
    'PATCH /api/v1/document/services/:id/activate',
    'PATCH /api/v1/document/services/:id/deactivate',
    'PUT /api/v1/document/tag-groups/reorder',
    'PUT /api/v1/document/tag-groups/:id',
    'DELETE /api/v1/document/tag-groups/:id',
    'PUT /api/v1/document/tags/:id',
    'DELETE /api/v1/document/tags/:id',
    'PATCH /api/v1/document/tags/:id/activate',
    'PATCH /api/v1/document/tags/:id/deactivate',
  ],
};
