import { randomBytes } from 'node:crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { CONTACT_POSITION, LEAD_STATUS, ONBOARDING_SERVICE } from '@ledgerport/shared';
import type { App } from '../../../app.js';
import type { Db } from '../../../db/client.js';
import { leadServicePlans, leadServices, leads } from '../../../db/schema/index.js';
import { newLeadIdHash } from '../onboarding.service.js';

export const ONBOARDING = '/api/v1/document/onboarding';

/** What the ALTCHA widget sends: base64 of JSON `{challenge, solution}`. */
export async function solvedCaptcha(app: App, ip = '127.0.0.1'): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `${ONBOARDING}/captcha/challenge`, remoteAddress: ip });
  const challenge = response.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('The ALTCHA challenge could not be solved.');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export const generalInfo = (overrides: Record<string, unknown> = {}) => ({
  legalCompanyName: 'Acme LLC',
  contactFirstName: 'Dana',
  contactLastName: 'Prospect',
  contactEmailAddress: 'dana@acme.example',
  contactPhoneNumber: '(555) 010-2000',
  contactPosition: CONTACT_POSITION.owner,
  ...overrides,
});

export const intakeAnswers = (overrides: Record<string, unknown> = {}) => ({
  industryId: 4,
  annualSalesRangeId: 2,
  employeeCountRangeId: 2,
  services: [ONBOARDING_SERVICE.bookkeeping, ONBOARDING_SERVICE.payroll],
  acquisitionChannelId: 1,
  currentlyDoingBookkeeping: true,
  yearToGetBookkeepingService: new Date().getFullYear(),
  accountingSoftwareToolId: 1,
  currentlyGettingPayrollService: false,
  ...overrides,
});

export const clientInformation = (overrides: Record<string, unknown> = {}) => ({
  companyEmployerIdentificationNumber: '12-3456789',
  companyWebsite: 'https://acme.example',
  companyPhoneNumber: '(555) 010-3000',
  companyAddress: '1 Main St, Springfield',
  emailAddress: `owner-${randomBytes(4).toString('hex')}@acme.example`,
  password: 'Onboard9',
  confirmPassword: 'Onboard9',
  ...overrides,
});

/**
 * A lead written straight into the database at `status`, with the answers that status implies
 * (bookkeeping + payroll as the bookkeeping-and-payroll package, plan 4, from the quote on).
 */
export async function insertLead(db: Db, status: number = LEAD_STATUS.generalInformation, name = 'Factory LLC') {
  const idHash = newLeadIdHash();
  const [row] = await db
    .insert(leads)
    .values({
      idHash,
      status,
      legalCompanyName: name,
      contactFirstName: 'Fay',
      contactLastName: 'Factory',
      contactEmailAddress: 'fay@factory.example',
      contactPhoneNumber: '5550100100',
      contactPosition: CONTACT_POSITION.owner,
      ...(status >= LEAD_STATUS.intakeQuestions
        ? {
            intakeAnsweredAt: new Date(),
            industryId: 1,
            annualSalesRangeId: 1,
            employeeCountRangeId: 1,
            acquisitionChannelId: 1,
            currentlyDoingBookkeeping: false,
            yearToGetBookkeepingService: new Date().getFullYear(),
            currentlyGettingPayrollService: true,
          }
        : {}),
      ...(status >= LEAD_STATUS.contract ? { contractAcceptedAt: new Date() } : {}),
    })
    .returning({ id: leads.id });
  const id = row!.id;
  if (status >= LEAD_STATUS.intakeQuestions) {
    await db.insert(leadServices).values([
      { leadId: id, onboardingServiceId: ONBOARDING_SERVICE.bookkeeping },
      { leadId: id, onboardingServiceId: ONBOARDING_SERVICE.payroll },
    ]);
  }
  if (status >= LEAD_STATUS.quote) await db.insert(leadServicePlans).values({ leadId: id, servicePlanId: 4 });
  return { id, idHash };
}

/** A lead that went through the whole wizard: its client user exists and owes the lead onboarding. */
export async function leadWithAccount(app: App, db: Db, name = 'Account LLC') {
  const lead = await insertLead(db, LEAD_STATUS.contract, name);
  const account = clientInformation();
  const response = await app.inject({
    method: 'PUT',
    url: `${ONBOARDING}/leads/${lead.idHash}/client-information`,
    payload: account,
  });
  if (response.statusCode !== 204) throw new Error(`Creating the account failed: ${response.body}`);
  return { ...lead, emailAddress: account.emailAddress, password: account.password };
}
