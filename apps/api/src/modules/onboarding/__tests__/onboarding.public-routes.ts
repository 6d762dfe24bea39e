// The customer onboarding wizard is for prospects who have no account yet (spec 03 section 6).
// Every one of these calls is throttled per IP; lead routes take an unguessable 256-bit idHash.
const BASE = '/api/v1/document/onboarding';

export const publicRoutes: string[] = [
  // Lookups the wizard's forms offer.
  `GET ${BASE}/contact-positions/all`,
  `GET ${BASE}/industries/all`,
  `GET ${BASE}/annual-sales-ranges/all`,
  `GET ${BASE}/employee-count-ranges/all`,
  `GET ${BASE}/accounting-software-tools/all`,
  `GET ${BASE}/acquisition-channels/all`,
  `GET ${BASE}/services/all`,
  // Which captcha to show, and the self-hosted ALTCHA challenge to solve.
  `GET ${BASE}/captcha`,
  `GET ${BASE}/captcha/challenge`,
  // The create-account step checks the e-mail before the prospect submits.
  `GET ${BASE}/email-address/:emailAddress/is-available`,
  // Creating a lead needs a solved captcha.
  `POST ${BASE}/leads`,
  // The idHash is the credential: the lead's own wizard steps, read-only once the account exists.
  `GET ${BASE}/leads/:idHash`,
  `PUT ${BASE}/leads/:idHash/general-info`,
  `PUT ${BASE}/leads/:idHash/intake-interview-answers`,
  `GET ${BASE}/leads/:idHash/service-plans`,
  `PUT ${BASE}/leads/:idHash/quote`,
  `PUT ${BASE}/leads/:idHash/contract`,
  `GET ${BASE}/leads/:idHash/contract/download`,
  `GET ${BASE}/leads/:idHash/contract/preview`,
  `PUT ${BASE}/leads/:idHash/client-information`,
];
