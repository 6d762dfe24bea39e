import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CONTACT_POSITION,
  ERROR_CODE,
  LEAD_STATUS,
  ONBOARDING_ERROR_CODE,
  ONBOARDING_SERVICE,
  contractDateText,
  emailAddressTakenMessage,
  isCompleteQuote,
  leadContractFileName,
  onboardingStepForStatus,
  type CaptchaSettingsDto,
  type DropdownOption,
  type InsertLeadInput,
  type LeadClientInformationInput,
  type LeadGeneralInfoInput,
  type LeadIntakeAnswersInput,
  type LeadQuoteInput,
  type OnboardingServiceDto,
  type PublicLeadDto,
  type ServicePlanDto,
} from '@ledgerport/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, BadRequestError, ConflictError, NotFoundError, TooManyRequestsError } from '../../lib/errors.js';
import { digitsOnly, type FieldCrypto } from '../../lib/field-crypto.js';
import { hashPassword } from '../../lib/passwords.js';
import type { RequestContext } from '../../lib/request-context.js';
import { assertCurrentVersion } from '../../lib/row-version.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { ThrottleRepository } from '../auth/index.js';
import type { UsersRepository } from '../users/index.js';
import type { Captcha } from './captcha.js';
import { leadContractPdf } from './lead-contract.js';
import type { LeadRow, LookupName, OnboardingRepository } from './onboarding.repository.js';

/**
 * Per-IP budgets of the public wizard (DESIGN.md section 3: public endpoints taking input are
 * throttled). Every call counts against `calls`; creating a lead also counts against `creates`.
 */
export const ONBOARDING_LIMITS = {
  calls: { perIp: 300, windowSeconds: 10 * 60 },
  creates: { perIp: 10, windowSeconds: 60 * 60 },
  /**
   * E-mail availability says whether an address has an account, so it is rationed apart (issue 17
   * item 4): a prospect checks a few addresses on the create-account step, a sweep checks thousands.
   */
  emailChecks: { perIp: 30, perLead: 20, windowSeconds: 60 * 60 },
} as const;

const LEAD_NOT_FOUND = 'Lead not found.';

/** 256 random bits, base64url (43 characters): a public link that cannot be guessed or counted. */
export function newLeadIdHash(): string {
  return randomBytes(32).toString('base64url');
}

function invalidField(field: string, message: string, code: string = ERROR_CODE.validation) {
  return new BadRequestError(message, code, [{ in: 'body', field, message }]);
}

function stepNotAllowed(): ConflictError {
  const error = new ConflictError('Complete the previous step first.');
  return Object.assign(error, { code: ONBOARDING_ERROR_CODE.stepNotAllowed });
}

function onboardingClosed(): AppError {
  return new AppError(409, ONBOARDING_ERROR_CODE.onboardingClosed, 'This onboarding is complete: sign in instead.');
}

const UNIQUE_VIOLATION = '23505';
function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Spec 03 section 5: answers of unselected services are stored empty, and a "no" clears the tool. */
export function normaliseIntakeAnswers(input: LeadIntakeAnswersInput) {
  const has = (id: number) => input.services.includes(id);
  const bookkeeping = has(ONBOARDING_SERVICE.bookkeeping);
  const tax = has(ONBOARDING_SERVICE.tax);
  const otherIndustryName = input.otherIndustryName ?? null;
  return {
    industryId: otherIndustryName ? null : (input.industryId ?? null),
    otherIndustryName,
    annualSalesRangeId: input.annualSalesRangeId,
    employeeCountRangeId: input.employeeCountRangeId,
    acquisitionChannelId: input.acquisitionChannelId,
    hasAnyReadyFinancialReport: tax ? (input.hasAnyReadyFinancialReport ?? null) : null,
    yearToGetTaxService: tax ? (input.yearToGetTaxService ?? null) : null,
    currentlyDoingBookkeeping: bookkeeping ? (input.currentlyDoingBookkeeping ?? null) : null,
    yearToGetBookkeepingService: bookkeeping ? (input.yearToGetBookkeepingService ?? null) : null,
    accountingSoftwareToolId:
      bookkeeping && input.currentlyDoingBookkeeping === true ? (input.accountingSoftwareToolId ?? null) : null,
    currentlyGettingPayrollService: has(ONBOARDING_SERVICE.payroll)
      ? (input.currentlyGettingPayrollService ?? null)
      : null,
  };
}

/** Plans offered for the chosen services: those whose services are all among them. */
function plansFor(plans: readonly ServicePlanDto[], serviceNames: readonly string[]): ServicePlanDto[] {
  return plans.filter((plan) => plan.services.every((service) => serviceNames.includes(service.name)));
}

function generalInfoColumns(input: LeadGeneralInfoInput) {
  const isOwner = input.contactPosition === CONTACT_POSITION.owner;
  return {
    legalCompanyName: input.legalCompanyName,
    contactFirstName: input.contactFirstName,
    contactLastName: input.contactLastName,
    contactEmailAddress: input.contactEmailAddress,
    contactPhoneNumber: input.contactPhoneNumber,
    contactPosition: input.contactPosition,
    ownerFirstName: isOwner ? null : (input.ownerFirstName ?? null),
    ownerLastName: isOwner ? null : (input.ownerLastName ?? null),
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;

export function createOnboardingService(deps: {
  db: Db;
  repository: OnboardingRepository;
  users: UsersRepository;
  throttle: ThrottleRepository;
  audit: AuditLog;
  captcha: Captcha;
  fieldCrypto: FieldCrypto;
}) {
  const { db, repository, users, throttle, audit, captcha, fieldCrypto } = deps;

  async function spend(key: string, limit: { perIp: number; windowSeconds: number }) {
    await spendUpTo(key, limit.perIp, limit.windowSeconds);
  }

  async function spendUpTo(key: string, max: number, windowSeconds: number) {
    const wait = await throttle.retryAfterSeconds(key, max, windowSeconds);
    if (wait > 0) throw new TooManyRequestsError(wait, 'Too many requests. Try again later.');
    await throttle.recordFailure(key, windowSeconds);
  }

  /** Every public call spends from the caller's per-IP budget first. */
  const guard = (context: RequestContext) => spend(`onboarding:ip:${context.ipAddress}`, ONBOARDING_LIMITS.calls);

  async function liveLead(idHash: string, tx: DbOrTx = db, forUpdate = false): Promise<LeadRow> {
    const lead = await repository.findByIdHash(idHash, tx, forUpdate);
    if (!lead) throw new NotFoundError(LEAD_NOT_FOUND);
    return lead;
  }

  /**
   * A step's update, in one transaction holding the lead's row: refused once the account exists
   * (the public link is then read-only), and before the step the status says comes first.
   */
  async function step<T>(
    idHash: string,
    requiredStatus: number,
    expected: string[] | null,
    work: (lead: LeadRow, tx: DbOrTx) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const lead = await liveLead(idHash, tx, true);
      // Another window's step since this one loaded (say, other services, which cleared the quote)
      // must not be overwritten, nor a contract accepted that this window did not show.
      await assertCurrentVersion(tx, {
        current: lead.version,
        expected,
        objectType: 'lead',
        objectId: lead.id,
        nameless: true,
      });
      if (lead.status >= LEAD_STATUS.createAccount) throw onboardingClosed();
      if (lead.status < requiredStatus) throw stepNotAllowed();
      return work(lead, tx);
    });
  }

  async function checkLookups(input: LeadIntakeAnswersInput): Promise<void> {
    const answers = normaliseIntakeAnswers(input);
    const checks: Array<[LookupName, string, number | null]> = [
      ['industries', 'industryId', answers.industryId],
      ['annualSalesRanges', 'annualSalesRangeId', answers.annualSalesRangeId],
      ['employeeCountRanges', 'employeeCountRangeId', answers.employeeCountRangeId],
      ['acquisitionChannels', 'acquisitionChannelId', answers.acquisitionChannelId],
      ['accountingSoftwareTools', 'accountingSoftwareToolId', answers.accountingSoftwareToolId],
    ];
    for (const [name, field, id] of checks) {
      if (id !== null && !(await repository.lookupExists(name, id))) throw invalidField(field, 'UNKNOWN_VALUE');
    }
  }

  async function serviceNamesOf(serviceIds: readonly number[], tx: DbOrTx = db): Promise<string[]> {
    const all = await repository.services(tx);
    return all.filter((service) => serviceIds.includes(service.id)).map((service) => service.name);
  }

  async function offeredPlans(leadId: number, tx: DbOrTx = db): Promise<ServicePlanDto[]> {
    const names = await serviceNamesOf(await repository.serviceIds(leadId, tx), tx);
    return plansFor(await repository.plans(undefined, tx), names);
  }

  function audited(context: RequestContext, lead: LeadRow, details: Record<string, unknown>, tx: DbOrTx) {
    return audit.record(
      context,
      { action: AUDIT_ACTION.leadUpdated, objectType: 'lead', objectId: lead.id, details },
      tx,
    );
  }

  return {
    async lookup(name: LookupName, context: RequestContext): Promise<DropdownOption[]> {
      await guard(context);
      return repository.lookup(name);
    },

    async services(context: RequestContext): Promise<OnboardingServiceDto[]> {
      await guard(context);
      return repository.services();
    },

    captchaSettings(): CaptchaSettingsDto {
      return captcha.settings();
    },

    async captchaChallenge(context: RequestContext) {
      await guard(context);
      return captcha.challenge();
    },

    /**
     * Only inside a live onboarding, at the step that asks for the address: the IP's budget is spent
     * first (an unknown or closed lead costs the same, so guessing idHashes buys nothing), then the
     * lead's, keyed by its id (its idHash is a secret and stays out of the throttle table).
     */
    async isEmailAddressAvailable(emailAddress: string, leadIdHash: string, context: RequestContext): Promise<boolean> {
      const limit = ONBOARDING_LIMITS.emailChecks;
      await guard(context);
      await spendUpTo(`onboarding-email:ip:${context.ipAddress}`, limit.perIp, limit.windowSeconds);
      const lead = await liveLead(leadIdHash);
      if (lead.status >= LEAD_STATUS.createAccount) throw onboardingClosed();
      if (lead.status < LEAD_STATUS.contract) throw stepNotAllowed();
      await spendUpTo(`onboarding-email:lead:${lead.id}`, limit.perLead, limit.windowSeconds);
      return !(await users.isEmailAddressTaken(emailAddress));
    },

    async insertLead(input: InsertLeadInput, context: RequestContext): Promise<{ idHash: string }> {
      await guard(context);
      await spend(`onboarding-create:ip:${context.ipAddress}`, ONBOARDING_LIMITS.creates);
      await captcha.verify(input.googleRecaptchaToken, context.ipAddress);
      const idHash = newLeadIdHash();
      await db.transaction(async (tx) => {
        const id = await repository.insertLead(
          {
            ...generalInfoColumns(input),
            idHash,
            status: LEAD_STATUS.generalInformation,
          },
          tx,
        );
        await audit.record(context, { action: AUDIT_ACTION.leadCreated, objectType: 'lead', objectId: id }, tx);
      });
      return { idHash };
    },

    /**
     * What the wizard resumes from. Nothing of the create-account step is ever read back, and once
     * the account exists the link answers only with the status (the wizard sends the user to Login).
     */
    async getByIdHash(idHash: string, context: RequestContext): Promise<PublicLeadDto> {
      await guard(context);
      const lead = await liveLead(idHash);
      const base = {
        idHash: lead.idHash,
        status: lead.status,
        step: onboardingStepForStatus(lead.status),
        version: lead.version,
      };
      if (lead.status >= LEAD_STATUS.createAccount) {
        return { ...base, generalInfo: null, intakeAnswers: null, servicePlanIds: [], contractDate: null };
      }
      const [serviceIds, servicePlanIds] = await Promise.all([
        repository.serviceIds(lead.id),
        repository.chosenPlanIds(lead.id),
      ]);
      return {
        ...base,
        generalInfo: {
          legalCompanyName: lead.legalCompanyName,
          contactFirstName: lead.contactFirstName,
          contactLastName: lead.contactLastName,
          contactEmailAddress: lead.contactEmailAddress,
          contactPhoneNumber: lead.contactPhoneNumber,
          contactPosition: lead.contactPosition,
          ownerFirstName: lead.ownerFirstName,
          ownerLastName: lead.ownerLastName,
        },
        intakeAnswers:
          lead.intakeAnsweredAt === null
            ? null
            : {
                industryId: lead.industryId,
                otherIndustryName: lead.otherIndustryName,
                annualSalesRangeId: lead.annualSalesRangeId!,
                employeeCountRangeId: lead.employeeCountRangeId!,
                services: serviceIds,
                acquisitionChannelId: lead.acquisitionChannelId!,
                hasAnyReadyFinancialReport: lead.hasAnyReadyFinancialReport,
                yearToGetTaxService: lead.yearToGetTaxService,
                currentlyDoingBookkeeping: lead.currentlyDoingBookkeeping,
                yearToGetBookkeepingService: lead.yearToGetBookkeepingService,
                accountingSoftwareToolId: lead.accountingSoftwareToolId,
                currentlyGettingPayrollService: lead.currentlyGettingPayrollService,
              },
        servicePlanIds,
        contractDate: lead.contractAcceptedAt ? contractDateText(lead.contractAcceptedAt) : null,
      };
    },

    /** Step 1 again: edits the lead; the status stays where it is. */
    async updateGeneralInfo(
      idHash: string,
      input: LeadGeneralInfoInput,
      context: RequestContext,
      expected: string[] | null = null,
    ): Promise<void> {
      await guard(context);
      await step(idHash, LEAD_STATUS.generalInformation, expected, async (lead, tx) => {
        await repository.update(lead.id, generalInfoColumns(input), tx);
        await audited(context, lead, { step: 'generalInfo' }, tx);
      });
    },

    /**
     * Step 2. A different choice of services invalidates the quote and the contract: they are
     * cleared and the lead goes back to "intake questions"; otherwise the status only moves forward.
     */
    async updateIntakeAnswers(
      idHash: string,
      input: LeadIntakeAnswersInput,
      context: RequestContext,
      expected: string[] | null = null,
    ): Promise<void> {
      await guard(context);
      await checkLookups(input);
      await step(idHash, LEAD_STATUS.generalInformation, expected, async (lead, tx) => {
        const services = [...new Set(input.services)].sort((a, b) => a - b);
        const previous = await repository.serviceIds(lead.id, tx);
        const changed = previous.join(',') !== services.join(',');
        await repository.setServices(lead.id, services, tx);
        if (changed) await repository.setChosenPlans(lead.id, [], tx);
        await repository.update(
          lead.id,
          {
            ...normaliseIntakeAnswers(input),
            intakeAnsweredAt: new Date(),
            ...(changed
              ? { status: LEAD_STATUS.intakeQuestions, contractAcceptedAt: null }
              : { status: Math.max(lead.status, LEAD_STATUS.intakeQuestions) }),
          },
          tx,
        );
        await audited(context, lead, { step: 'intakeQuestions', servicesChanged: changed }, tx);
      });
    },

    async servicePlans(idHash: string, context: RequestContext): Promise<ServicePlanDto[]> {
      await guard(context);
      const lead = await liveLead(idHash);
      if (lead.status >= LEAD_STATUS.createAccount) throw onboardingClosed();
      if (lead.status < LEAD_STATUS.intakeQuestions) throw stepNotAllowed();
      return offeredPlans(lead.id);
    },

    /** Step 3: the chosen plans must cover each chosen service exactly once. */
    async updateQuote(
      idHash: string,
      input: LeadQuoteInput,
      context: RequestContext,
      expected: string[] | null = null,
    ): Promise<void> {
      await guard(context);
      await step(idHash, LEAD_STATUS.intakeQuestions, expected, async (lead, tx) => {
        const offered = await offeredPlans(lead.id, tx);
        const serviceNames = await serviceNamesOf(await repository.serviceIds(lead.id, tx), tx);
        if (!isCompleteQuote(offered, input.servicePlanIds, serviceNames)) {
          throw invalidField(
            'servicePlanIds',
            'Choose one plan for each service (a package counts for its services).',
            ONBOARDING_ERROR_CODE.invalidQuote,
          );
        }
        const planIds = [...new Set(input.servicePlanIds)].sort((a, b) => a - b);
        const changed = (await repository.chosenPlanIds(lead.id, tx)).join(',') !== planIds.join(',');
        await repository.setChosenPlans(lead.id, planIds, tx);
        await repository.update(
          lead.id,
          changed
            ? { status: LEAD_STATUS.quote, contractAcceptedAt: null }
            : { status: Math.max(lead.status, LEAD_STATUS.quote) },
          tx,
        );
        await audited(context, lead, { step: 'quote', servicePlanIds: planIds }, tx);
      });
    },

    /** Step 4: accepting the contract dates it. */
    async acceptContract(idHash: string, context: RequestContext, expected: string[] | null = null): Promise<void> {
      await guard(context);
      await step(idHash, LEAD_STATUS.quote, expected, async (lead, tx) => {
        await repository.update(
          lead.id,
          { status: LEAD_STATUS.contract, contractAcceptedAt: lead.contractAcceptedAt ?? new Date() },
          tx,
        );
        await audited(context, lead, { step: 'contract' }, tx);
      });
    },

    /** The contract PDF while the prospect is at the contract step (or just accepted it). */
    async contract(idHash: string, context: RequestContext): Promise<{ fileName: string; stream: Readable }> {
      await guard(context);
      const lead = await liveLead(idHash);
      if (lead.status >= LEAD_STATUS.createAccount) throw onboardingClosed();
      if (lead.status < LEAD_STATUS.quote) throw stepNotAllowed();
      const date = lead.contractAcceptedAt ?? new Date();
      return {
        fileName: leadContractFileName(lead.legalCompanyName, date),
        stream: leadContractPdf({
          legalCompanyName: lead.legalCompanyName,
          contactFullName: `${lead.contactFirstName} ${lead.contactLastName}`,
          plans: await repository.plans(await repository.chosenPlanIds(lead.id)),
          date,
        }),
      };
    },

    /**
     * Step 5: the account. Creates the client user (username = e-mail) owing the lead onboarding
     * and a business client for the company; the lead moves to "create account" and its public
     * link becomes read-only.
     */
    async updateClientInformation(
      idHash: string,
      input: LeadClientInformationInput,
      context: RequestContext,
      expected: string[] | null = null,
    ): Promise<void> {
      await guard(context);
      const taken = () =>
        new ConflictError(emailAddressTakenMessage(input.emailAddress), [
          { field: 'emailAddress', message: emailAddressTakenMessage(input.emailAddress) },
        ]);
      // Checked before the slow hash (the step checks again); the unique index settles a race.
      await liveLead(idHash).then(async (lead) => {
        await assertCurrentVersion(db, {
          current: lead.version,
          expected,
          objectType: 'lead',
          objectId: lead.id,
          nameless: true,
        });
        if (lead.status >= LEAD_STATUS.createAccount) throw onboardingClosed();
        if (lead.status < LEAD_STATUS.contract) throw stepNotAllowed();
      });
      if (await users.isEmailAddressTaken(input.emailAddress)) throw taken();
      const passwordHash = await hashPassword(input.password);
      try {
        await step(idHash, LEAD_STATUS.contract, expected, async (lead, tx) => {
          const ein = digitsOnly(input.companyEmployerIdentificationNumber);
          const { userId, clientId } = await repository.insertClientAccount(
            {
              firstName: lead.contactFirstName,
              lastName: lead.contactLastName,
              emailAddress: input.emailAddress,
              phoneNumber: input.companyPhoneNumber,
              passwordHash,
              leadIdHash: lead.idHash,
              companyName: lead.legalCompanyName,
              website: input.companyWebsite ?? null,
              address: input.companyAddress,
              tinEncrypted: fieldCrypto.encrypt(input.companyEmployerIdentificationNumber),
              tinIndex: fieldCrypto.blindIndex(ein),
              onboardingServiceIds: await repository.serviceIds(lead.id, tx),
            },
            tx,
          );
          await repository.update(
            lead.id,
            {
              status: LEAD_STATUS.createAccount,
              companyEinEncrypted: fieldCrypto.encrypt(input.companyEmployerIdentificationNumber),
              companyWebsite: input.companyWebsite ?? null,
              companyPhoneNumber: input.companyPhoneNumber,
              companyAddress: input.companyAddress,
              linkedUserId: userId,
              clientId,
            },
            tx,
          );
          await audit.record(
            context,
            {
              action: AUDIT_ACTION.leadAccountCreated,
              actorUserId: userId,
              objectType: 'lead',
              objectId: lead.id,
              clientId,
              details: { userId },
            },
            tx,
          );
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },
  };
}
