import { insertLead } from '../../modules/onboarding/__tests__/onboarding-helpers.js';
import { D, unique, type CaseModule } from './harness.js';

/** Conditional saves of leads and the onboarding wizard. */
export const leadsCases: CaseModule = {
  cases: [
    {
      route: `DELETE ${D}/leads`,
      make: async (ctx) => {
        const name = `Versioned ${unique()} LLC`;
        const { id } = await insertLead(ctx.t.database.db, undefined, name);
        return {
          method: 'DELETE',
          current: async ({ call, admin }) => {
            const response = await call(admin, 'GET', `${D}/leads?legalCompanyName=${encodeURIComponent(name)}`);
            const row = (response.json() as { items: Array<{ id: number; version: string }> }).items.find(
              (item) => item.id === id,
            );
            return row ? { version: row.version, body: row } : null;
          },
          versioned: (version) => ({ url: `${D}/leads?ids=${id}${version === null ? '' : `&versions=${version}`}` }),
        };
      },
    },
  ],
  guarded: {},
  pending: [
    'PUT /api/v1/document/leads/me/billing-info',
    'PUT /api/v1/document/leads/me/documents',
    'PUT /api/v1/document/onboarding/leads/:idHash/general-info',
    'PUT /api/v1/document/onboarding/leads/:idHash/intake-interview-answers',
    'PUT /api/v1/document/onboarding/leads/:idHash/quote',
    'PUT /api/v1/document/onboarding/leads/:idHash/contract',
    'PUT /api/v1/document/onboarding/leads/:idHash/client-information',
  ],
};
