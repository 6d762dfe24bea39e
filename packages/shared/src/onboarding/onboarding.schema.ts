import { z } from 'zod';
import { LEAD_STATUS, TEXT_LIMIT } from '../common/constants.js';
import { TIN_PATTERN } from '../common/masks.js';
import { passwordSchema } from '../common/password.schema.js';
import { requiredPhoneSchema } from '../common/phone.js';

/**
 * Contract: the public customer onboarding wizard (spec 03 "Customer onboarding wizard", "Lead
 * (onboarding)", sections 4, 5, 7, 9). Every route here is public (no sign-in), throttled per IP.
 *
 * Routes (base `/api/v1`):
 * - `GET  document/onboarding/contact-positions/all`            → DropdownOption[] (CONTACT_POSITION)
 * - `GET  document/onboarding/industries/all`                   → DropdownOption[]; the last option is
 *                                                                  `{value: OTHER_INDUSTRY_VALUE, displayText: 'Other'}`
 * - `GET  document/onboarding/annual-sales-ranges/all`          → DropdownOption[]
 * - `GET  document/onboarding/employee-count-ranges/all`        → DropdownOption[]
 * - `GET  document/onboarding/accounting-software-tools/all`    → DropdownOption[]
 * - `GET  document/onboarding/acquisition-channels/all`         → DropdownOption[]
 * - `GET  document/onboarding/services/all`                     → OnboardingServiceDto[] (tax, bookkeeping, payroll)
 * - `GET  document/onboarding/captcha`                          → CaptchaSettingsDto (which captcha the form shows)
 * - `GET  document/onboarding/captcha/challenge`                → an ALTCHA v2 challenge (altcha-lib 2.8
 *                                                                  `Challenge`: {parameters, signature}); 404 when
 *                                                                  reCAPTCHA is configured
 * - `GET  document/onboarding/email-address/{emailAddress}/is-available?leadIdHash=` → boolean (true when no user
 *                                                                  has it); only for a lead at its create-account
 *                                                                  step (404 unknown lead, 409 as the steps), and
 *                                                                  throttled per IP and per lead (issue 17 item 4)
 * - `POST document/onboarding/leads`                            (InsertLeadInput) → 201 LeadIdHashDto
 * - `GET  document/onboarding/leads/{idHash}`                   → PublicLeadDto
 * - `PUT  document/onboarding/leads/{idHash}/general-info`      (LeadGeneralInfoInput) → 204
 * - `PUT  document/onboarding/leads/{idHash}/intake-interview-answers` (LeadIntakeAnswersInput) → 204
 * - `GET  document/onboarding/leads/{idHash}/service-plans`     → ServicePlanDto[] (plans for the chosen services)
 * - `PUT  document/onboarding/leads/{idHash}/quote`             (LeadQuoteInput) → 204
 * - `PUT  document/onboarding/leads/{idHash}/contract`          (no body: accepts the contract) → 204
 * - `GET  document/onboarding/leads/{idHash}/contract/download` → the contract PDF (attachment; name per
 *                                                                  `leadContractFileName`)
 * - `GET  document/onboarding/leads/{idHash}/contract/preview`  → the same PDF inline
 * - `PUT  document/onboarding/leads/{idHash}/client-information` (LeadClientInformationInput) → 204; creates the
 *                                                                  client user (username = emailAddress) and a
 *                                                                  business client; then sign in with them.
 *
 * Errors: unknown idHash → 404 (same answer as a well-formed guess). A step submitted before the
 * previous one is done → 409 `LEAD_STEP_NOT_ALLOWED`. A lead whose status reached create account (or
 * beyond) → 409 `LEAD_ONBOARDING_CLOSED` on every update (the wizard sends the user to Login). A
 * missing/expired/reused captcha → 400 with field `googleRecaptchaToken` and message
 * CAPTCHA_REQUIRED_MESSAGE. A taken e-mail on create account → 409 with field `emailAddress` and
 * `emailAddressTakenMessage(email)`.
 */

/** Spec 02 Lead entity: contact positions 1 owner, 2 co-owner, 3 director, 4 manager. */
export const CONTACT_POSITION = { owner: 1, coOwner: 2, director: 3, manager: 4 } as const;
export type ContactPosition = (typeof CONTACT_POSITION)[keyof typeof CONTACT_POSITION];
export const CONTACT_POSITION_DISPLAY: Record<ContactPosition, string> = {
  1: 'Owner',
  2: 'Co-owner',
  3: 'Director',
  4: 'Manager',
};
const CONTACT_POSITIONS = Object.values(CONTACT_POSITION) as number[];

/** Onboarding services (ids fixed by the seed): spec 03 "Service names: tax, bookkeeping, payroll". */
export const ONBOARDING_SERVICE = { tax: 1, bookkeeping: 2, payroll: 3 } as const;
export type OnboardingServiceId = (typeof ONBOARDING_SERVICE)[keyof typeof ONBOARDING_SERVICE];
export const ONBOARDING_SERVICE_NAME = { tax: 'tax', bookkeeping: 'bookkeeping', payroll: 'payroll' } as const;
export type OnboardingServiceName = keyof typeof ONBOARDING_SERVICE;
const ONBOARDING_SERVICE_IDS = Object.values(ONBOARDING_SERVICE) as number[];

/** Service plan payment frequency (spec 02 Lead entity: 1 monthly, 2 annual). */
export const PAYMENT_FREQUENCY = { monthly: 1, annual: 2 } as const;
export type PaymentFrequency = (typeof PAYMENT_FREQUENCY)[keyof typeof PAYMENT_FREQUENCY];

/** The industries lookup ends with this option; choosing it sends `industryId: null` and an `otherIndustryName`. */
export const OTHER_INDUSTRY_VALUE = 'other';

/** Wizard steps (spec 03): status reached → step shown on resume. */
export const ONBOARDING_STEP = {
  generalInfo: 1,
  intakeQuestions: 2,
  quote: 3,
  contract: 4,
  createAccount: 5,
  /** Past the wizard: the web goes to Login. */
  done: 6,
} as const;
export type OnboardingStep = (typeof ONBOARDING_STEP)[keyof typeof ONBOARDING_STEP];

/**
 * Spec 03 section 4: "general information done leads to step 2, intake questions done to 3, quote to
 * 4, contract to 5, create account to step 6"; create account or beyond goes to Login.
 */
export function onboardingStepForStatus(status: number): OnboardingStep {
  if (status >= LEAD_STATUS.createAccount) return ONBOARDING_STEP.done;
  if (status === LEAD_STATUS.contract) return ONBOARDING_STEP.createAccount;
  if (status === LEAD_STATUS.quote) return ONBOARDING_STEP.contract;
  if (status === LEAD_STATUS.intakeQuestions) return ONBOARDING_STEP.quote;
  if (status === LEAD_STATUS.generalInformation) return ONBOARDING_STEP.intakeQuestions;
  return ONBOARDING_STEP.generalInfo;
}

/** Year pickers for tax and bookkeeping run from the current year minus 6 to the current year (spec 03 §9). */
export const ONBOARDING_YEAR_SPAN = 6;
export function onboardingYearOptions(now = new Date()): number[] {
  const year = now.getFullYear();
  return Array.from({ length: ONBOARDING_YEAR_SPAN + 1 }, (_, index) => year - index);
}

/** Spec 03 section 9: the quote's feature lists, exact texts, in order. */
export const QUOTE_FEATURES: Record<OnboardingServiceName, readonly string[]> = {
  tax: [
    'Tax credit discovery',
    'Tax deduction review',
    'Company structure review',
    'Business tax return preparation',
    'E-filing',
  ],
  bookkeeping: [
    'Free mobile and web app',
    'Dedicated finance expert',
    'Monthly profit and loss',
    'Monthly balance sheet',
    'Transaction entry',
    'Categorizing expenses',
    'Bank account reconciliation',
    'Credit card statement reconciliation',
    'Journal entries',
    'Chart of accounts',
  ],
  payroll: [
    'Payroll processing',
    'Paycheck',
    'Direct deposit',
    'Payroll summary',
    'Payroll tax payments',
    'Payroll tax filing',
  ],
};

/** Spec 03 §9 "Lead contract download file name: a prefix, the company name and the date as MMDDYYYY". */
export const LEAD_CONTRACT_FILE_PREFIX = 'Contract';

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/** `MM/DD/YYYY` (spec 03 §9 contract date), in UTC so server and tests agree. */
export function contractDateText(date: Date): string {
  return `${pad2(date.getUTCMonth() + 1)}/${pad2(date.getUTCDate())}/${date.getUTCFullYear()}`;
}

/**
 * `Contract-Acme LLC-11222026.pdf`: the prefix, the company name (path separators, control characters
 * and characters Windows refuses in names replaced by `_`) and the contract date as MMDDYYYY (UTC).
 */
export function leadContractFileName(legalCompanyName: string, date: Date): string {
  const company =
    Array.from(legalCompanyName.trim(), (char) =>
      char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f || '/\\:*?"<>|'.includes(char) ? '_' : char,
    ).join('') || 'Company';
  const stamp = `${pad2(date.getUTCMonth() + 1)}${pad2(date.getUTCDate())}${date.getUTCFullYear()}`;
  return `${LEAD_CONTRACT_FILE_PREFIX}-${company}-${stamp}.pdf`;
}

/** Spec 05 "a missing or expired captcha shows the required message": the 400's message on field googleRecaptchaToken. */
export const CAPTCHA_REQUIRED_MESSAGE = 'This field is required';
export const CAPTCHA_FIELD = 'googleRecaptchaToken';

export const ONBOARDING_ERROR_CODE = {
  stepNotAllowed: 'LEAD_STEP_NOT_ALLOWED',
  onboardingClosed: 'LEAD_ONBOARDING_CLOSED',
  invalidQuote: 'LEAD_INVALID_QUOTE',
} as const;

/** Spec 03 §5: the taken message contains the address. */
export function emailAddressTakenMessage(emailAddress: string): string {
  return `${emailAddress} is already taken. Try another.`;
}

export const ONBOARDING_VALIDATION = {
  ownerNameRequired: 'This field is required',
  passwordsDiffer: 'Passwords do not match.',
  einFormat: 'Enter the number as ##-#######.',
} as const;

// ---- lookups ------------------------------------------------------------------------------------

export const onboardingServiceDtoSchema = z.object({
  id: z.number().int(),
  /** tax | bookkeeping | payroll */
  name: z.string(),
  displayName: z.string(),
});
export type OnboardingServiceDto = z.infer<typeof onboardingServiceDtoSchema>;

export const captchaSettingsDtoSchema = z.discriminatedUnion('provider', [
  /** Self-hosted proof of work: fetch `captcha/challenge`, solve it, send base64(JSON {challenge, solution}). */
  z.object({ provider: z.literal('altcha') }),
  /** Google reCAPTCHA v2 checkbox with this site key; send its response token. */
  z.object({ provider: z.literal('recaptcha'), siteKey: z.string() }),
]);
export type CaptchaSettingsDto = z.infer<typeof captchaSettingsDtoSchema>;

/** altcha-lib 2.8 `Challenge` as the widget/solver takes it. */
export const altchaChallengeDtoSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});
export type AltchaChallengeDto = z.infer<typeof altchaChallengeDtoSchema>;

// ---- payloads -----------------------------------------------------------------------------------

/** 43 base64url characters = 256 random bits; anything else cannot be a lead link. */
export const LEAD_ID_HASH_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const leadIdHashParamsSchema = z.object({ idHash: z.string().regex(LEAD_ID_HASH_PATTERN) });
export const leadIdHashDtoSchema = z.object({ idHash: z.string() });
export type LeadIdHashDto = z.infer<typeof leadIdHashDtoSchema>;

const requiredText = (max: number = TEXT_LIMIT.name) => z.string().trim().min(1).max(max);
const optionalText = (max: number = TEXT_LIMIT.name) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string().trim().max(max).nullable().optional(),
  );
const emailSchema = z.string().trim().min(1).max(TEXT_LIMIT.email).pipe(z.email());
const phoneSchema = requiredPhoneSchema();

/** General info (step 1). Owner names are required when the contact is not the owner, and stored empty when they are. */
export const leadGeneralInfoInputSchema = z
  .object({
    legalCompanyName: requiredText(TEXT_LIMIT.shortText),
    contactFirstName: requiredText(),
    contactLastName: requiredText(),
    contactEmailAddress: emailSchema,
    contactPhoneNumber: phoneSchema,
    contactPosition: z.coerce
      .number()
      .int()
      .refine((value) => CONTACT_POSITIONS.includes(value)),
    ownerFirstName: optionalText(),
    ownerLastName: optionalText(),
  })
  .superRefine((value, ctx) => {
    if (value.contactPosition === CONTACT_POSITION.owner) return;
    for (const field of ['ownerFirstName', 'ownerLastName'] as const) {
      if (!value[field])
        ctx.addIssue({ code: 'custom', path: [field], message: ONBOARDING_VALIDATION.ownerNameRequired });
    }
  });
export type LeadGeneralInfoInput = z.infer<typeof leadGeneralInfoInputSchema>;

/**
 * `POST document/onboarding/leads`: general info plus the captcha. For ALTCHA, `googleRecaptchaToken`
 * is the widget's payload (base64 of JSON `{challenge, solution}`); for reCAPTCHA its response token.
 * Missing → 400 on this field with CAPTCHA_REQUIRED_MESSAGE (validated by the server, so the schema
 * lets an empty value through to give that exact answer).
 */
export const insertLeadInputSchema = z.intersection(
  leadGeneralInfoInputSchema,
  z.object({ googleRecaptchaToken: z.string().max(8192).optional().nullable() }),
);
export type InsertLeadInput = z.infer<typeof insertLeadInputSchema>;

const nullableId = z.preprocess(
  (value) => (value === '' ? null : value),
  z.coerce.number().int().positive().nullable(),
);
const nullableBool = z.boolean().nullable();
/** An answer given (neither null nor left out). */
const isAnswered = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;
const nullableYear = z.preprocess(
  (value) => (value === '' ? null : value),
  z.coerce.number().int().min(1900).max(2200).nullable(),
);

/**
 * Intake questions (step 2), spec 03 §5. Conditional rules (also applied by the server, which stores
 * the answers of unselected services as null and a "no" bookkeeping answer without a tool):
 * - industryId required unless otherIndustryName is given (Other: industryId null);
 * - bookkeeping chosen → currentlyDoingBookkeeping and yearToGetBookkeepingService required,
 *   accountingSoftwareToolId required when currentlyDoingBookkeeping is true;
 * - payroll chosen → currentlyGettingPayrollService required;
 * - tax chosen → hasAnyReadyFinancialReport and yearToGetTaxService required;
 * - years within `onboardingYearOptions()`.
 */
export const leadIntakeAnswersInputSchema = z
  .object({
    industryId: nullableId.optional(),
    otherIndustryName: optionalText(),
    annualSalesRangeId: z.coerce.number().int().positive(),
    employeeCountRangeId: z.coerce.number().int().positive(),
    services: z
      .array(z.coerce.number().int())
      .min(1)
      .max(ONBOARDING_SERVICE_IDS.length)
      .refine((ids) => ids.every((id) => ONBOARDING_SERVICE_IDS.includes(id)) && new Set(ids).size === ids.length),
    acquisitionChannelId: z.coerce.number().int().positive(),
    hasAnyReadyFinancialReport: nullableBool.optional(),
    yearToGetTaxService: nullableYear.optional(),
    currentlyDoingBookkeeping: nullableBool.optional(),
    yearToGetBookkeepingService: nullableYear.optional(),
    accountingSoftwareToolId: nullableId.optional(),
    currentlyGettingPayrollService: nullableBool.optional(),
  })
  .superRefine((value, ctx) => {
    const required = (path: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message: 'This field is required' });
    const years = onboardingYearOptions();
    const yearInRange = (path: string, year: number | null | undefined) => {
      if (isAnswered(year) && !years.includes(year))
        ctx.addIssue({ code: 'custom', path: [path], message: 'Choose a year from the list.' });
    };
    if (!isAnswered(value.industryId) && !value.otherIndustryName) required('industryId');
    const has = (id: number) => value.services.includes(id);
    if (has(ONBOARDING_SERVICE.bookkeeping)) {
      if (!isAnswered(value.currentlyDoingBookkeeping)) required('currentlyDoingBookkeeping');
      if (!isAnswered(value.yearToGetBookkeepingService)) required('yearToGetBookkeepingService');
      yearInRange('yearToGetBookkeepingService', value.yearToGetBookkeepingService);
      if (value.currentlyDoingBookkeeping === true && !isAnswered(value.accountingSoftwareToolId))
        required('accountingSoftwareToolId');
    }
    if (has(ONBOARDING_SERVICE.payroll) && !isAnswered(value.currentlyGettingPayrollService))
      required('currentlyGettingPayrollService');
    if (has(ONBOARDING_SERVICE.tax)) {
      if (!isAnswered(value.hasAnyReadyFinancialReport)) required('hasAnyReadyFinancialReport');
      if (!isAnswered(value.yearToGetTaxService)) required('yearToGetTaxService');
      yearInRange('yearToGetTaxService', value.yearToGetTaxService);
    }
  });
export type LeadIntakeAnswersInput = z.infer<typeof leadIntakeAnswersInputSchema>;

/** Spec 03 quote: a plan with fee null is shown as a custom price. */
export const servicePlanDtoSchema = z.object({
  id: z.number().int(),
  isPackage: z.boolean(),
  services: z.array(z.object({ name: z.string(), displayName: z.string() })),
  fee: z.number().nullable(),
  paymentFrequency: z.union([z.literal(PAYMENT_FREQUENCY.monthly), z.literal(PAYMENT_FREQUENCY.annual)]),
});
export type ServicePlanDto = z.infer<typeof servicePlanDtoSchema>;

/**
 * `PUT .../quote`: the chosen plans. They must cover every chosen service exactly once (a package
 * covers several); see `isCompleteQuote`. Otherwise 400 LEAD_INVALID_QUOTE.
 */
export const leadQuoteInputSchema = z.object({
  servicePlanIds: z.array(z.coerce.number().int().positive()).min(1).max(20),
});
export type LeadQuoteInput = z.infer<typeof leadQuoteInputSchema>;

/** Whether the chosen plans cover each chosen service exactly once (the web disables Next otherwise). */
export function isCompleteQuote(
  plans: readonly Pick<ServicePlanDto, 'id' | 'services'>[],
  chosenPlanIds: readonly number[],
  chosenServiceNames: readonly string[],
): boolean {
  const covered: string[] = [];
  for (const id of new Set(chosenPlanIds)) {
    const plan = plans.find((candidate) => candidate.id === id);
    if (!plan) return false;
    covered.push(...plan.services.map((service) => service.name));
  }
  return (
    covered.length === chosenServiceNames.length &&
    new Set(covered).size === covered.length &&
    chosenServiceNames.every((name) => covered.includes(name))
  );
}

/** Create account (step 5). Website optional; EIN ##-#######; password per the shared rules. */
export const leadClientInformationInputSchema = z
  .object({
    companyEmployerIdentificationNumber: z
      .string()
      .trim()
      .regex(TIN_PATTERN, { message: ONBOARDING_VALIDATION.einFormat }),
    companyWebsite: optionalText(TEXT_LIMIT.shortText),
    companyPhoneNumber: phoneSchema,
    companyAddress: requiredText(TEXT_LIMIT.shortText),
    emailAddress: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string().min(1).max(TEXT_LIMIT.password),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: ONBOARDING_VALIDATION.passwordsDiffer });
  });
export type LeadClientInformationInput = z.infer<typeof leadClientInformationInputSchema>;

export const onboardingEmailParamsSchema = z.object({ emailAddress: z.string().trim().min(1).max(TEXT_LIMIT.email) });
/**
 * The onboarding the check is made for: without a live lead at its create-account step the server
 * does not say whether an address has an account (account discovery, issue 17 item 4).
 */
export const onboardingEmailQuerySchema = z.object({ leadIdHash: z.string().regex(LEAD_ID_HASH_PATTERN) });
export type OnboardingEmailQuery = z.infer<typeof onboardingEmailQuerySchema>;

/**
 * `GET document/onboarding/leads/{idHash}`: what the wizard needs to resume. A public link never
 * reads back sensitive values: nothing of the create-account step (EIN, company phone/address,
 * website, e-mail, password) nor billing info is ever returned, and once the status reached create
 * account only `{idHash, status, step}` comes back (every other field null/empty) — the wizard then goes to
 * Login. Before that the lead holds only what the prospect typed into steps 1-4 (contact details,
 * intake answers, chosen plans), which the editable steps show again.
 */
export const publicLeadDtoSchema = z.object({
  idHash: z.string(),
  status: z.number().int(),
  /** The lead's version (also the ETag): each step's save sends it back as If-Match. */
  version: z.string(),
  /** The wizard step to open (onboardingStepForStatus). */
  step: z.number().int(),
  generalInfo: z
    .object({
      legalCompanyName: z.string(),
      contactFirstName: z.string(),
      contactLastName: z.string(),
      contactEmailAddress: z.string(),
      contactPhoneNumber: z.string(),
      contactPosition: z.number().int(),
      ownerFirstName: z.string().nullable(),
      ownerLastName: z.string().nullable(),
    })
    .nullable(),
  /** Null until step 2 was submitted. */
  intakeAnswers: z
    .object({
      industryId: z.number().int().nullable(),
      otherIndustryName: z.string().nullable(),
      annualSalesRangeId: z.number().int(),
      employeeCountRangeId: z.number().int(),
      services: z.array(z.number().int()),
      acquisitionChannelId: z.number().int(),
      hasAnyReadyFinancialReport: z.boolean().nullable(),
      yearToGetTaxService: z.number().int().nullable(),
      currentlyDoingBookkeeping: z.boolean().nullable(),
      yearToGetBookkeepingService: z.number().int().nullable(),
      accountingSoftwareToolId: z.number().int().nullable(),
      currentlyGettingPayrollService: z.boolean().nullable(),
    })
    .nullable(),
  /** The chosen plan ids (step 3), empty before. */
  servicePlanIds: z.array(z.number().int()),
  /** MM/DD/YYYY once the contract was accepted. */
  contractDate: z.string().nullable(),
});
export type PublicLeadDto = z.infer<typeof publicLeadDtoSchema>;
