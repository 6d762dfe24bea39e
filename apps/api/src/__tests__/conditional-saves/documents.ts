import type { CaseModule } from './harness.js';

/** Conditional saves of documents (my uploads, received, shares). */
export const documentsCases: CaseModule = {
  cases: [],
  guarded: {},
  pending: [
    'PUT /api/v1/document/documents/my-upload/:id',
    'DELETE /api/v1/document/documents/my-upload',
    'PUT /api/v1/document/documents/received/:id',
    'DELETE /api/v1/document/documents/received',
    'PATCH /api/v1/document/documents/received/status',
    'DELETE /api/v1/document/documents/:id/shares/:shareId',
  ],
};
