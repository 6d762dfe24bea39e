import type { CaseModule } from './harness.js';

/** Conditional saves of leads and the onboarding wizard. */
export const leadsCases: CaseModule = {
  cases: [],
  guarded: {},
  pending: [
    'DELETE /api/v1/document/leads',
    'PUT /api/v1/document/leads/me/billing-info',
    'PUT /api/v1/document/leads/me/documents',
    'PUT /api/v1/document/onboarding/leads/:idHash/general-info',
    'PUT /api/v1/document/onboarding/leads/:idHash/intake-interview-answers',
    'PUT /api/v1/document/onboarding/leads/:idHash/quote',
    'PUT /api/v1/document/onboarding/leads/:idHash/contract',
    'PUT /api/v1/document/onboarding/leads/:idHash/client-information',
  ],
};
