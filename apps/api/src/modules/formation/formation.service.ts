import { randomUUID } from 'node:crypto';
import {
  BUSINESS_ENTITY_TYPE,
  COUPON_VERIFY_MESSAGE,
  ERROR_CODE,
  FORMATION_ERROR,
  FORMATION_VALIDATION,
  PASSPORT_LIMITS,
  REGISTERED_AGENT_TYPE,
  centsToDollars,
  nestMultipartFields,
  nonResidentFormationFees,
  nonResidentFormationFieldsSchema,
  parseMultipartFieldName,
  residentFormationFees,
  stateFilingFeeCents,
  type DiscountType,
  type FormationCoupon,
  type FormationFeeBreakdown,
  type FormationSubmitted,
  type NonResidentFormationFields,
  type ResidentFormation,
} from '@ledgerport/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { BadRequestError, TooManyRequestsError } from '../../lib/errors.js';
import type { FieldCrypto } from '../../lib/field-crypto.js';
import {
  createFileIntake,
  extensionOf,
  intakeRefusalError,
  type IntakeFile,
  type IntakePart,
  type IntakeRefusal,
  type StoredUpload,
} from '../../lib/file-intake/index.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';
import type { RequestContext } from '../../lib/request-context.js';
import type { BlobStorage } from '../../lib/storage/index.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { ThrottleRepository } from '../auth/index.js';
import type { CouponsRepository } from '../coupons/index.js';
import type { PaymentsService } from '../payments/index.js';
import type { FormationRepository, NewCompany, NewOrganizer } from './formation.repository.js';

/**
 * Submissions are public: every call (valid or not) counts against the caller's IP. A prospect
 * correcting a form a few times stays far below; a script filling the tables does not.
 */
export const FORMATION_SUBMIT_LIMITS = { perIp: 20, windowSeconds: 10 * 60 } as const;

/** Who submits: nobody signed in, so the request itself and the wizard's idempotency key. */
export interface Submitter {
  context: RequestContext;
  /** The `Idempotency-Key` header, when the wizard sent one. */
  idempotencyKey: string | undefined;
}

interface FieldProblem {
  in: 'body' | 'headers';
  field: string;
  message: string;
}

interface CompanyRows {
  company: Omit<NewCompany, keyof FeeColumns | 'registrationPaymentId'>;
  fees: FormationFeeBreakdown;
  coupon: { code: string; discountType: DiscountType; discountValue: string } | null;
  organizers: Array<Omit<NewOrganizer, 'position' | 'passportFileId' | 'passportFileNameEncrypted'>>;
  registeredAgent?: Parameters<FormationRepository['insertRegisteredAgent']>[1];
  passports?: ReadonlyMap<number, StoredUpload>;
}

type FeeColumns = Pick<
  NewCompany,
  | 'stateFilingFeeCents'
  | 'processingFeeCents'
  | 'serviceFeeCents'
  | 'discountCents'
  | 'totalCents'
  | 'couponCode'
  | 'couponDiscountType'
  | 'couponDiscountValue'
>;

const COMPANY = 'company';
const PAYMENT_PURPOSE = 'company-formation';
const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const invalid = (
  problems: FieldProblem[],
  message = 'The request is not valid.',
  code: string = ERROR_CODE.validation,
) => new BadRequestError(message, code, problems);

const bodyProblem = (field: string, message: string): FieldProblem => ({ in: 'body', field, message });

/** A refused passport fails the submission; an empty file is a plain validation error on its field. */
const PASSPORT_REFUSAL: Record<IntakeRefusal, { message: string; code?: string; detail: string }> = {
  empty: { message: 'The request is not valid.', detail: FORMATION_VALIDATION.passportRequired },
  unsupported: {
    message: FORMATION_VALIDATION.passportType,
    code: FORMATION_ERROR.passportType,
    detail: FORMATION_VALIDATION.passportType,
  },
  'too-large': {
    message: FORMATION_VALIDATION.passportTooLarge,
    code: FORMATION_ERROR.passportTooLarge,
    detail: FORMATION_VALIDATION.passportTooLarge,
  },
};

/** `organizers[2].mainPageOfPassport` → 2; null for any other name. */
function passportIndex(name: string): number | null {
  const path = parseMultipartFieldName(name);
  return path?.length === 3 &&
    path[0] === 'organizers' &&
    typeof path[1] === 'number' &&
    path[2] === 'mainPageOfPassport'
    ? path[1]
    : null;
}

export type FormationService = ReturnType<typeof createFormationService>;

/**
 * The company formation rules (spec 03 sections 4, 5, 9; docs/formation.md). The shared schemas
 * check each field; this service checks what needs the database (state, industry, county, coupon),
 * prices the order on the server, and writes the company with its payment intent in one transaction.
 */
export function createFormationService({
  db,
  repository,
  coupons,
  throttle,
  payments,
  fieldCrypto,
  storage,
  queue,
  audit,
}: {
  db: Db;
  repository: FormationRepository;
  coupons: CouponsRepository;
  throttle: ThrottleRepository;
  payments: PaymentsService;
  fieldCrypto: FieldCrypto;
  storage: BlobStorage;
  queue: JobQueue;
  audit: AuditLog;
}) {
  const intake = createFileIntake({ storage, queue });

  /** State and industry exist; the resident's county is one of the state's. */
  async function checkReferences(input: {
    stateId: number;
    industryId: number | null;
    countyId?: number;
  }): Promise<NonNullable<Awaited<ReturnType<FormationRepository['findState']>>>> {
    const problems: FieldProblem[] = [];
    const state = await repository.findState(input.stateId);
    if (!state) problems.push(bodyProblem('stateId', 'The state does not exist.'));
    if (input.industryId !== null && !(await repository.industryExists(input.industryId))) {
      problems.push(bodyProblem('industryId', 'The industry does not exist.'));
    }
    if (state && input.countyId !== undefined && !(await repository.countyIsInState(input.countyId, state.id))) {
      problems.push(bodyProblem('registeredAgent.countyId', FORMATION_VALIDATION.countyNotInState));
    }
    if (problems.length > 0) throw invalid(problems);
    return state!;
  }

  /** The coupon as verify would accept it now; anything else is refused with verify's own message. */
  async function usableCoupon(code: string) {
    const row = await coupons.findByCode(code);
    const message = !row
      ? COUPON_VERIFY_MESSAGE.unknown
      : !row.isActive
        ? COUPON_VERIFY_MESSAGE.inactive
        : row.isExpired
          ? COUPON_VERIFY_MESSAGE.expired
          : null;
    if (message !== null || !row) {
      throw invalid([bodyProblem('couponCode', message!)], message!, FORMATION_ERROR.invalidCoupon);
    }
    return { code: row.code, discountType: row.discountType as DiscountType, discountValue: row.discountValue };
  }

  function paymentKey(submitter: Submitter): string {
    return `${PAYMENT_PURPOSE}:${submitter.idempotencyKey ?? randomUUID()}`;
  }

  async function previousAttempt(idempotencyKey: string): Promise<FormationSubmitted | null> {
    const existing = await repository.findByPaymentIdempotencyKey(idempotencyKey);
    if (!existing?.clientSecret) return null;
    return { stripePaymentClientSecret: existing.clientSecret, paymentAmount: centsToDollars(existing.totalCents) };
  }

  /**
   * Company, its people and files, the payment intent and the audit event: all or nothing. A retry of
   * an attempt that already went through answers as that attempt did (`replayed`) and writes nothing.
   */
  async function insertCompany(
    submitter: Submitter,
    rows: CompanyRows,
  ): Promise<{ submitted: FormationSubmitted; replayed: boolean }> {
    const idempotencyKey = paymentKey(submitter);
    const earlier = await previousAttempt(idempotencyKey);
    if (earlier) return { submitted: earlier, replayed: true };
    const { fees, coupon } = rows;
    try {
      const clientSecret = await db.transaction(async (tx: DbOrTx) => {
        const companyId = await repository.insertCompany(
          {
            ...rows.company,
            stateFilingFeeCents: fees.stateFilingFeeCents,
            processingFeeCents: fees.processingFeeCents,
            serviceFeeCents: fees.serviceFeeCents,
            discountCents: fees.discountCents,
            totalCents: fees.totalCents,
            couponCode: coupon?.code ?? null,
            couponDiscountType: coupon?.discountType ?? null,
            couponDiscountValue: coupon?.discountValue ?? null,
          },
          tx,
        );
        if (rows.registeredAgent) await repository.insertRegisteredAgent(companyId, rows.registeredAgent, tx);
        const organizers: NewOrganizer[] = [];
        for (const [position, organizer] of rows.organizers.entries()) {
          const passport = rows.passports?.get(position);
          const passportFileId = passport
            ? await repository.insertStoredFile(
                {
                  storageKey: passport.storageKey,
                  // The real name is passport metadata, kept encrypted on the organizer.
                  fileName: `passport.${extensionOf(passport.fileName)}`,
                  contentType: passport.contentType,
                  size: passport.size,
                  sha256: passport.sha256,
                },
                tx,
              )
            : null;
          organizers.push({
            ...organizer,
            position,
            passportFileId,
            passportFileNameEncrypted: passport ? fieldCrypto.encrypt(passport.fileName) : null,
          });
        }
        await repository.insertOrganizers(companyId, organizers, tx);
        const intent = await payments.createIntent(
          {
            purpose: PAYMENT_PURPOSE,
            amountCents: fees.totalCents,
            description: `Company formation: ${rows.company.legalName}`,
            idempotencyKey,
            metadata: { companyId: String(companyId) },
          },
          tx,
        );
        await repository.setRegistrationPayment(companyId, intent.paymentId, tx);
        await audit.record(
          submitter.context,
          {
            action: AUDIT_ACTION.companySubmitted,
            actorUserId: null,
            objectType: COMPANY,
            objectId: companyId,
            details: {
              isResident: rows.company.isResident,
              businessEntityType: rows.company.businessEntityType,
              stateId: rows.company.stateId,
              totalCents: fees.totalCents,
              couponCode: coupon?.code ?? null,
              paymentId: intent.paymentId,
            },
          },
          tx,
        );
        return intent.clientSecret;
      });
      return {
        submitted: { stripePaymentClientSecret: clientSecret, paymentAmount: centsToDollars(fees.totalCents) },
        replayed: false,
      };
    } catch (error) {
      // Two requests racing with one key: the first one's company and payment are the answer.
      if (isUniqueViolation(error)) {
        const winner = await previousAttempt(idempotencyKey);
        if (winner) return { submitted: winner, replayed: true };
      }
      throw error;
    }
  }

  function organizerRows(
    businessEntityType: number,
    organizers: ResidentFormation['organizers'] | NonResidentFormationFields['organizers'],
  ): CompanyRows['organizers'] {
    const isCorporation = businessEntityType === BUSINESS_ENTITY_TYPE.corporation;
    return organizers.map((organizer) => ({
      titles: isCorporation ? [...new Set(organizer.titles)] : [],
      firstName: organizer.firstName,
      lastName: organizer.lastName,
      middleName: organizer.middleName,
      shareOwnership: organizer.shareOwnership,
      isDirector: isCorporation && organizer.isDirector,
    }));
  }

  function companyColumns(input: ResidentFormation | NonResidentFormationFields) {
    const address = input.businessAddress ?? null;
    return {
      businessEntityType: input.businessEntityType,
      stateId: input.stateId,
      legalName: input.legalName,
      doingBusinessAs: input.doingBusinessAs,
      industryId: input.industryId,
      // A named industry wins: the free text only stands in for Other.
      otherIndustryName: input.industryId === null ? input.otherIndustryName : null,
      contactFirstName: input.contactFirstName,
      contactLastName: input.contactLastName,
      contactEmailAddress: input.contactEmailAddress,
      contactPhoneNumber: input.contactPhoneNumber,
      contactFax: input.contactFax,
      businessAddressType: input.businessAddressType,
      businessAddressLine1: address?.addressLine1 ?? null,
      businessAddressLine2: address?.addressLine2 ?? null,
      businessAddressCity: address?.city ?? null,
      businessAddressZipCode: address?.zipCode ?? null,
      businessAddressEmailAddress: address?.emailAddress ?? null,
      businessAddressPhoneNumber: address?.phoneNumber ?? null,
      socialSecurityNumberEncrypted: input.socialSecurityNumber
        ? fieldCrypto.encrypt(input.socialSecurityNumber)
        : null,
      socialSecurityFirstName: input.socialSecurityFirstName,
      socialSecurityLastName: input.socialSecurityLastName,
    };
  }

  async function validateNonResident(entries: ReadonlyArray<readonly [string, string]>) {
    const parsed = nonResidentFormationFieldsSchema.safeParse(nestMultipartFields(entries));
    if (!parsed.success) {
      throw invalid(parsed.error.issues.map((issue) => bodyProblem(issue.path.join('.'), issue.message)));
    }
    await checkReferences({ stateId: parsed.data.stateId, industryId: parsed.data.industryId });
    return parsed.data;
  }

  /** Sniffs one passport on its first bytes and streams it to storage; any refusal fails the submission. */
  async function storePassport(file: IntakeFile, field: string): Promise<StoredUpload> {
    const outcome = await intake.store(file, {
      keyPrefix: 'passports',
      // "Under 20,000,000 bytes": a file of exactly that size is one byte too many.
      maxBytes: PASSPORT_LIMITS.maxBytes - 1,
      accepts: ({ extension }) => (PASSPORT_LIMITS.extensions as readonly string[]).includes(extension),
    });
    if ('stored' in outcome) return outcome.stored;
    const { message, code, detail } = PASSPORT_REFUSAL[outcome.refused];
    throw intakeRefusalError(outcome.refused, message, code, [bodyProblem(field, detail)]);
  }

  return {
    async throttle(context: RequestContext): Promise<void> {
      const key = `formation-submit:ip:${context.ipAddress}`;
      const { perIp, windowSeconds } = FORMATION_SUBMIT_LIMITS;
      const wait = await throttle.retryAfterSeconds(key, perIp, windowSeconds);
      if (wait > 0) throw new TooManyRequestsError(wait, 'Too many requests. Try again later.');
      await throttle.recordFailure(key, windowSeconds);
    },

    async submitResident(submitter: Submitter, input: ResidentFormation): Promise<FormationSubmitted> {
      const state = await checkReferences({
        stateId: input.stateId,
        industryId: input.industryId,
        countyId: input.registeredAgent.countyId,
      });
      const filingFeeCents = stateFilingFeeCents(
        {
          llcFilingFeeForResidents:
            state.llcFilingFeeForResidents === null ? null : Number(state.llcFilingFeeForResidents),
          corporationFilingFeeForResidents:
            state.corporationFilingFeeForResidents === null ? null : Number(state.corporationFilingFeeForResidents),
        },
        input.businessEntityType,
      );
      if (filingFeeCents === null) {
        throw invalid(
          [bodyProblem('stateId', 'Companies cannot be formed in this state through the portal.')],
          'Companies cannot be formed in this state through the portal.',
          FORMATION_ERROR.stateNotFormable,
        );
      }
      const coupon = input.couponCode ? await usableCoupon(input.couponCode) : null;
      const priced: FormationCoupon | null = coupon
        ? { discountType: coupon.discountType, discountValue: Number(coupon.discountValue) }
        : null;
      const agent = input.registeredAgent;
      const isIndividual = agent.registeredAgentType === REGISTERED_AGENT_TYPE.individual;
      const { submitted } = await insertCompany(submitter, {
        company: {
          ...companyColumns(input),
          isResident: true,
          managementStructure: input.managementStructure,
        },
        fees: residentFormationFees(filingFeeCents, priced),
        coupon,
        organizers: organizerRows(input.businessEntityType, input.organizers),
        registeredAgent: {
          registeredAgentType: agent.registeredAgentType,
          companyName: isIndividual ? null : agent.companyName,
          firstName: isIndividual ? agent.firstName : null,
          lastName: isIndividual ? agent.lastName : null,
          middleName: isIndividual ? agent.middleName : null,
          addressLine1: agent.addressLine1,
          addressLine2: agent.addressLine2,
          city: agent.city,
          countyId: agent.countyId,
          zipCode: agent.zipCode,
          emailAddress: agent.emailAddress,
          phoneNumber: agent.phoneNumber,
        },
      });
      return submitted;
    },

    /**
     * The multipart submission: every text field first, then the passports (`organizers[i].mainPageOfPassport`),
     * so the fields are judged before a byte of any file is stored. Each passport is sniffed and streamed
     * to storage as it arrives; whatever fails afterwards removes the stored blobs again.
     */
    async submitNonResident(submitter: Submitter, parts: AsyncIterable<IntakePart>): Promise<FormationSubmitted> {
      const entries: Array<[string, string]> = [];
      const passports = new Map<number, StoredUpload>();
      let fields: NonResidentFormationFields | undefined;
      try {
        for await (const part of parts) {
          if (part.kind === 'field') {
            if (fields) throw new BadRequestError('Send every field before the first passport file.');
            if (part.truncated) throw invalid([bodyProblem(part.name, 'The value is too long.')]);
            entries.push([part.name, part.value]);
            continue;
          }
          const index = passportIndex(part.name);
          if (index === null) {
            await intake.skip(part);
            throw invalid([bodyProblem(part.name, 'Only organizers[i].mainPageOfPassport may carry a file.')]);
          }
          const field = `organizers.${index}.mainPageOfPassport`;
          fields ??= await validateNonResident(entries);
          if (index >= fields.organizers.length || passports.has(index)) {
            await intake.skip(part);
            throw invalid([bodyProblem(field, 'Send one passport file for each organizer.')]);
          }
          passports.set(index, await storePassport(part, field));
        }
        fields ??= await validateNonResident(entries);
        const missing = fields.organizers.flatMap((_, index) => (passports.has(index) ? [] : [index]));
        if (missing.length > 0) {
          throw invalid(
            missing.map((index) =>
              bodyProblem(`organizers.${index}.mainPageOfPassport`, FORMATION_VALIDATION.passportRequired),
            ),
            FORMATION_VALIDATION.passportRequired,
            FORMATION_ERROR.passportRequired,
          );
        }
        const { submitted, replayed } = await insertCompany(submitter, {
          company: { ...companyColumns(fields), isResident: false, managementStructure: null },
          fees: nonResidentFormationFees(),
          coupon: null,
          organizers: organizerRows(fields.businessEntityType, fields.organizers),
          passports,
        });
        // The earlier attempt kept its own copies of the passports.
        if (replayed) await intake.remove(passports.values());
        return submitted;
      } catch (error) {
        await intake.remove(passports.values());
        throw error;
      }
    },
  };
}
