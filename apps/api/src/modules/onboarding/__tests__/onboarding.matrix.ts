import { LEAD_STATUS } from '@ledgerport/shared';
import { all, type MatrixRow } from '../../../testing/authorization-matrix.js';
import { clientInformation, generalInfo, insertLead, intakeAnswers, ONBOARDING } from './onboarding-helpers.js';

// Every onboarding route is public (spec 03 section 6): the same answer whoever calls, signed in or not.

const leadUrl =
  (status: number, suffix = '') =>
  async (f: { db: Parameters<typeof insertLead>[0] }) =>
    `${ONBOARDING}/leads/${(await insertLead(f.db, status)).idHash}${suffix}`;

export const rows: MatrixRow[] = [
  ...[
    'contact-positions',
    'industries',
    'annual-sales-ranges',
    'employee-count-ranges',
    'accounting-software-tools',
    'acquisition-channels',
    'services',
  ].map((path): MatrixRow => ({ method: 'GET', route: `${ONBOARDING}/${path}/all`, expect: all(200) })),
  { method: 'GET', route: `${ONBOARDING}/captcha`, expect: all(200) },
  { method: 'GET', route: `${ONBOARDING}/captcha/challenge`, expect: all(200) },
  {
    method: 'GET',
    route: `${ONBOARDING}/email-address/:emailAddress/is-available`,
    // Answered inside a live onboarding only (issue 17 item 4): a lead at its create-account step.
    url: async (f) =>
      `${ONBOARDING}/email-address/someone@example.com/is-available?leadIdHash=${(await insertLead(f.db, LEAD_STATUS.contract)).idHash}`,
    expect: all(200),
  },
  {
    method: 'POST',
    route: `${ONBOARDING}/leads`,
    // The fixture has no app to fetch a challenge from: the row shows the route is open to all and
    // still asks everyone for the captcha (the solved path is in onboarding.routes.test.ts).
    body: () => generalInfo(),
    expect: all(400),
  },
  {
    method: 'GET',
    route: `${ONBOARDING}/leads/:idHash`,
    url: leadUrl(LEAD_STATUS.generalInformation),
    expect: all(200),
  },
  {
    method: 'PUT',
    route: `${ONBOARDING}/leads/:idHash/general-info`,
    url: leadUrl(LEAD_STATUS.generalInformation, '/general-info'),
    body: () => generalInfo(),
    expect: all(204),
  },
  {
    method: 'PUT',
    route: `${ONBOARDING}/leads/:idHash/intake-interview-answers`,
    url: leadUrl(LEAD_STATUS.generalInformation, '/intake-interview-answers'),
    body: () => intakeAnswers(),
    expect: all(204),
  },
  {
    method: 'GET',
    route: `${ONBOARDING}/leads/:idHash/service-plans`,
    url: leadUrl(LEAD_STATUS.intakeQuestions, '/service-plans'),
    expect: all(200),
  },
  {
    method: 'PUT',
    route: `${ONBOARDING}/leads/:idHash/quote`,
    url: leadUrl(LEAD_STATUS.intakeQuestions, '/quote'),
    body: () => ({ servicePlanIds: [4] }),
    expect: all(204),
  },
  {
    method: 'PUT',
    route: `${ONBOARDING}/leads/:idHash/contract`,
    url: leadUrl(LEAD_STATUS.quote, '/contract'),
    expect: all(204),
  },
  {
    method: 'GET',
    route: `${ONBOARDING}/leads/:idHash/contract/download`,
    url: leadUrl(LEAD_STATUS.quote, '/contract/download'),
    expect: all(200),
  },
  {
    method: 'GET',
    route: `${ONBOARDING}/leads/:idHash/contract/preview`,
    url: leadUrl(LEAD_STATUS.quote, '/contract/preview'),
    expect: all(200),
  },
  {
    method: 'PUT',
    route: `${ONBOARDING}/leads/:idHash/client-information`,
    url: leadUrl(LEAD_STATUS.contract, '/client-information'),
    body: () => clientInformation(),
    expect: all(204),
  },
];
