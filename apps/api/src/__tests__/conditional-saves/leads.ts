import { LEAD_STATUS } from '@ledgerport/shared';
import {
  generalInfo,
  insertLead,
  intakeAnswers,
  leadWithAccount,
  ONBOARDING,
} from '../../modules/onboarding/__tests__/onboarding-helpers.js';
import { signIn } from '../../testing/session.js';
import { D, unique, type CaseContext, type CaseModule, type ConditionalCase } from './harness.js';

/**
 * A step of the public onboarding wizard saved from two windows of one prospect: the refusal names
 * no one (the prospect need not learn who at the firm handled their lead).
 */
const stepCase = (step: string, status: number, bodies?: (ctx: CaseContext) => [object, object]): ConditionalCase => ({
  route: `PUT ${ONBOARDING}/leads/:idHash/${step}`,
  make: async (ctx) => {
    const { idHash } = await insertLead(ctx.t.database.db, status, `Wizard ${unique()} LLC`);
    return {
      get: `${ONBOARDING}/leads/${idHash}`,
      method: 'PUT',
      url: `${ONBOARDING}/leads/${idHash}/${step}`,
      bodies: bodies?.(ctx),
      savedBy: null,
    };
  },
});

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
    {
      // The lead's new client, in two windows of the onboarding dialog after sign-in.
      route: `PUT ${D}/leads/me/billing-info`,
      make: async (ctx) => {
        const lead = await leadWithAccount(ctx.t.app, ctx.t.database.db, `Billing ${unique()} LLC`);
        const session = await signIn(ctx.t.app, lead.emailAddress, lead.password);
        const billing = (companyBankName: string) => ({
          companyBankName,
          companyBankRoutingNumber: '021000021',
          companyBankAccountingNumber: '000123456789',
        });
        return {
          as: session,
          savedBy: null,
          get: `${D}/leads/me`,
          method: 'PUT',
          url: `${D}/leads/me/billing-info`,
          bodies: [billing('Mine Bank'), billing('Theirs Bank')],
        };
      },
    },
    stepCase('general-info', LEAD_STATUS.generalInformation, () => [
      generalInfo({ legalCompanyName: 'Mine LLC' }),
      generalInfo({ legalCompanyName: 'Theirs LLC' }),
    ]),
    stepCase('intake-interview-answers', LEAD_STATUS.generalInformation, () => [
      intakeAnswers({ industryId: 2 }),
      intakeAnswers({ industryId: 3 }),
    ]),
    // The factory's lead chose bookkeeping and payroll: plan 4 is their package.
    stepCase('quote', LEAD_STATUS.intakeQuestions, () => [{ servicePlanIds: [4] }, { servicePlanIds: [4] }]),
    // The case that matters most: a contract accepted in a window that showed other plans.
    stepCase('contract', LEAD_STATUS.quote),
  ],
  guarded: {
    'PUT /api/v1/document/leads/me/documents':
      'completes the onboarding once: a second upload is refused (409) whatever the version it loaded',
    'PUT /api/v1/document/onboarding/leads/:idHash/client-information':
      'creates the account once (and honours If-Match, see onboarding.routes.test): the link is then closed, ' +
      'so a second save is refused (409)',
  },
  pending: [],
};
