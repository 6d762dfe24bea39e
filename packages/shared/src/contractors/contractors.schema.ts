import { z } from 'zod';
import { TEXT_LIMIT } from '../common/constants.js';
import { booleanQuery, idSchema, listQuerySchema } from '../common/list.schema.js';
import { ZIP_PATTERN } from '../common/masks.js';

/**
 * Contract: contractors (1099 Form), spec 03 "Contractors page", "Contractor", "Contractor form",
 * sections 4, 7, 8 and 9; access of spec 01 §2.2/§2.4 (client users: business current client only).
 * Rules and decisions: docs/contractors.md.
 *
 * Routes (all under /api/v1):
 * - GET    /document/contractors                       list (contractor:list)            query: listContractorsQuerySchema
 * - GET    /document/contractors/export                .xlsx (contractor:export; an employee must be a tax employee)
 *                                                      query: exportContractorsQuerySchema
 * - GET    /document/contractors/clients?text=         business clients for the staff type-ahead (contractor:list; staff)
 * - POST   /document/contractors                       insert (contractor:add)           body: contractorInputSchema
 * - GET    /document/contractors/business/:id          getBusinessContractorById (contractor:list; 404 for an individual)
 * - GET    /document/contractors/individual/:id        getIndividualContractorById (contractor:list)
 * - PUT    /document/contractors/business/:id          editBusinessContractor (contractor:edit)   body: businessContractorFormSchema
 * - PUT    /document/contractors/individual/:id        editIndividualContractor (contractor:edit) body: individualContractorFormSchema
 * - DELETE /document/contractors/:id                   delete (contractor:delete)
 * - POST   /document/contractors/:id/complete          complete (contractor:complete-or-open; staff)
 * - POST   /document/contractors/:id/open              open (contractor:complete-or-open; staff)
 * - POST   /document/contractors/payment-intent        createStripePaymentIntentForMyCurrentClientContractors
 *                                                      (contractor:pay; client users) → contractorPaymentIntentResultSchema
 *
 * Insert and edit answer the saved contractor as a list row (contractorListItemDtoSchema); delete, complete
 * and open answer 204.
 *
 * Money crosses the wire in US dollars with at most two decimals (e.g. 1250.5); the API stores cents.
 */

/** Spec 03 section 9. */
export const CONTRACTOR_TYPE = { business: 1, individual: 2 } as const;
export type ContractorType = (typeof CONTRACTOR_TYPE)[keyof typeof CONTRACTOR_TYPE];
export const CONTRACTOR_TYPE_NAME: Record<ContractorType, string> = {
  [CONTRACTOR_TYPE.business]: 'Business',
  [CONTRACTOR_TYPE.individual]: 'Individual',
};

/** Spec 03 section 4: the result of createStripePaymentIntentForMyCurrentClientContractors. */
export const PAYMENT_INTENT_RESULT = { success: 1, noUnpaidContractor: 2, paymentInProgress: 3 } as const;
export type PaymentIntentResult = (typeof PAYMENT_INTENT_RESULT)[keyof typeof PAYMENT_INTENT_RESULT];

/** Spec 03 section 4: after the provider confirms the card the page waits this long before showing success. */
export const CONTRACTOR_PAYMENT_SUCCESS_DELAY_MS = 2000;

/**
 * The firm's service fee per contractor, in cents. A firm setting kept as this constant (no settings
 * store yet): each contractor records the fee in force when it was added, so changing it never
 * re-prices contractors already listed or paid.
 */
export const CONTRACTOR_SERVICE_FEE_CENTS = 1500;

/**
 * The 1099-NEC filing deadline: January 31 of the year after the tax year. Until it passes, the
 * firm is still filing the previous calendar year, so that year stays the current tax year.
 */
export const CONTRACTOR_FILING_DEADLINE = { month: 1, day: 31 } as const;
/** Year pickers run from the current year minus 6 (spec 03 section 9). */
export const CONTRACTOR_TAX_YEAR_HISTORY = 6;

/**
 * The tax year the firm is filing 1099s for at `now` (UTC calendar): the previous calendar year up to
 * and including January 31, the current calendar year from February 1.
 */
export function currentTaxYear(now: Date = new Date()): number {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const day = now.getUTCDate();
  const beforeDeadline =
    month < CONTRACTOR_FILING_DEADLINE.month ||
    (month === CONTRACTOR_FILING_DEADLINE.month && day <= CONTRACTOR_FILING_DEADLINE.day);
  return beforeDeadline ? year - 1 : year;
}

/** The tax-year dropdown: the current tax year first, then the previous ones. */
export function taxYearOptions(now: Date = new Date()): number[] {
  const current = currentTaxYear(now);
  return Array.from({ length: CONTRACTOR_TAX_YEAR_HISTORY + 1 }, (_, index) => current - index);
}

/** Largest total payment accepted (a bound, not a business rule). */
export const CONTRACTOR_MAX_TOTAL_PAYMENT = 999_999_999.99;

/** Stable messages of the form rules (spec 03 "Contractor form"); the web words the required ones itself. */
export const CONTRACTOR_VALIDATION = {
  required: 'This field is required',
  invalidEin: 'Please enter a valid employer identification number (##-#######).',
  invalidSsnOrItin: 'Please enter a valid 9-digit SSN or ITIN.',
  zipFiveDigits: 'The zip code must contain 5 digits.',
  totalPaymentZero: 'The total payment cannot be 0.00.',
  totalPaymentInvalid: 'Enter an amount in US dollars with at most two decimals.',
} as const;

/** Machine codes of the non-field errors. */
export const CONTRACTOR_ERROR = {
  /** Paid contractors can no longer be edited or deleted (409). */
  paid: 'CONTRACTOR_PAID',
  /** Edit and delete only for the current tax year (409). */
  notCurrentTaxYear: 'CONTRACTOR_NOT_CURRENT_TAX_YEAR',
  /** Pay refused while a contractor of the current tax year has a total payment of 0 (400). */
  zeroTotalPayment: 'CONTRACTOR_ZERO_TOTAL_PAYMENT',
  /** Staff added a contractor to a personal client (400). */
  notBusinessClient: 'NOT_BUSINESS_CLIENT',
  /** Export by an employee outside the tax department (403). */
  notTaxEmployee: 'NOT_TAX_EMPLOYEE',
  /** Delete refused while a confirmed card payment (processing or succeeded) covers the contractor (409). */
  paymentProcessing: 'CONTRACTOR_PAYMENT_PROCESSING',
} as const;

export const EIN_INPUT_PATTERN = /^\d{2}-\d{7}$/;
/** SSN or ITIN: nine digits, typed with or without the ###-##-#### dashes. */
export const SSN_OR_ITIN_INPUT_PATTERN = /^(\d{9}|\d{3}-\d{2}-\d{4})$/;

const requiredText = (max: number) => z.string().trim().min(1, CONTRACTOR_VALIDATION.required).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

/** Dollars with at most two decimals, not 0.00. Accepts a number or a numeric string from a form. */
export const totalPaymentSchema = z.coerce
  .number({ message: CONTRACTOR_VALIDATION.totalPaymentInvalid })
  .refine((value) => Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    message: CONTRACTOR_VALIDATION.totalPaymentInvalid,
  })
  .refine((value) => Math.round(value * 100) !== 0, { message: CONTRACTOR_VALIDATION.totalPaymentZero })
  .refine((value) => value > 0 && value <= CONTRACTOR_MAX_TOTAL_PAYMENT, {
    message: CONTRACTOR_VALIDATION.totalPaymentInvalid,
  });

const addressShape = {
  addressLine1: requiredText(TEXT_LIMIT.name),
  addressLine2: optionalText(TEXT_LIMIT.name),
  city: requiredText(TEXT_LIMIT.name),
  stateId: idSchema,
  zipCode: z.string().trim().regex(ZIP_PATTERN, CONTRACTOR_VALIDATION.zipFiveDigits),
  totalPayment: totalPaymentSchema,
};

/** Business contractor form (edit body; insert adds contractorType and, for staff, clientId). */
export const businessContractorFormSchema = z.object({
  businessName: requiredText(TEXT_LIMIT.name),
  /** `##-#######`. */
  employerIdentificationNumber: z.string().trim().regex(EIN_INPUT_PATTERN, CONTRACTOR_VALIDATION.invalidEin),
  ...addressShape,
});
export type BusinessContractorForm = z.infer<typeof businessContractorFormSchema>;

/** Individual contractor form. */
export const individualContractorFormSchema = z.object({
  firstName: requiredText(TEXT_LIMIT.name),
  lastName: requiredText(TEXT_LIMIT.name),
  /** Nine digits (`#########` or `###-##-####`); the API keeps the digits. */
  socialSecurityNumberOrTaxpayerIdentificationNumber: z
    .string()
    .trim()
    .regex(SSN_OR_ITIN_INPUT_PATTERN, CONTRACTOR_VALIDATION.invalidSsnOrItin),
  ...addressShape,
});
export type IndividualContractorForm = z.infer<typeof individualContractorFormSchema>;

/**
 * insertContractor: one body, the type decides the fields. Client users add to their current client
 * (clientId ignored); staff name the business client.
 */
export const contractorInputSchema = z.discriminatedUnion('contractorType', [
  businessContractorFormSchema.extend({
    contractorType: z.literal(CONTRACTOR_TYPE.business),
    clientId: idSchema.optional(),
  }),
  individualContractorFormSchema.extend({
    contractorType: z.literal(CONTRACTOR_TYPE.individual),
    clientId: idSchema.optional(),
  }),
]);
export type ContractorInput = z.infer<typeof contractorInputSchema>;

export const CONTRACTOR_SORT_KEYS = [
  'client',
  'contractorType',
  'name',
  'address',
  'totalPayment',
  'serviceFee',
  'isPaid',
  'isCompleted',
] as const;
export type ContractorSortKey = (typeof CONTRACTOR_SORT_KEYS)[number];

/** `''` from a cleared search field means "no filter". */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const contractorFiltersSchema = z.object({
  /** Staff only; ignored for client users (always their current client). */
  clientId: z.preprocess(blankToUndefined, idSchema.optional()),
  /** Contains, case-insensitive, on the business name or "first last". */
  businessNameOrFullName: z.preprocess(blankToUndefined, z.string().trim().max(TEXT_LIMIT.name).optional()),
  /** Absent: both types. */
  contractorType: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .int()
      .refine((value) => value === CONTRACTOR_TYPE.business || value === CONTRACTOR_TYPE.individual)
      .transform((value) => value as ContractorType)
      .optional(),
  ),
  /** Service fee paid / unpaid; absent: all. */
  isPaid: z.preprocess(blankToUndefined, booleanQuery.optional()),
  /** Completed / uncompleted; absent: all. Ignored for client users. */
  isCompleted: z.preprocess(blankToUndefined, booleanQuery.optional()),
  /** Tax year; absent: the current tax year. */
  year: z.preprocess(blankToUndefined, z.coerce.number().int().min(2000).max(2100).optional()),
});
export type ContractorFilters = z.infer<typeof contractorFiltersSchema>;

export const listContractorsQuerySchema = listQuerySchema.extend(contractorFiltersSchema.shape);
export type ListContractorsQuery = z.infer<typeof listContractorsQuerySchema>;

export const exportContractorsQuerySchema = listQuerySchema
  .pick({ sortedBy: true, sortedDesc: true })
  .extend(contractorFiltersSchema.shape);
export type ExportContractorsQuery = z.infer<typeof exportContractorsQuerySchema>;

export const contractorTypeDtoSchema = z.object({
  id: z.union([z.literal(CONTRACTOR_TYPE.business), z.literal(CONTRACTOR_TYPE.individual)]),
  name: z.string(),
});
export type ContractorTypeDto = z.infer<typeof contractorTypeDtoSchema>;

export function contractorTypeDto(id: ContractorType): ContractorTypeDto {
  return { id, name: CONTRACTOR_TYPE_NAME[id] };
}

const contractorBaseDtoShape = {
  id: z.number().int(),
  /** The version a save sends back as `If-Match` (also the `ETag` of the GET); it moves with every change. */
  version: z.string(),
  contractorType: contractorTypeDtoSchema,
  /** Business contractors only; null for individuals. */
  businessName: z.string().nullable(),
  /** Individuals only; null for businesses. */
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** Business name for a business, "first last" for an individual: the table's name column. */
  fullName: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  stateId: z.number().int(),
  stateName: z.string(),
  zipCode: z.string(),
  /** Dollars. */
  totalPayment: z.number(),
  /** Dollars: the firm's fee for this contractor. */
  serviceFee: z.number(),
  /** Paid only once the provider confirmed the payment that covered it. */
  isPaid: z.boolean(),
  isCompleted: z.boolean(),
  client: z.object({ id: z.number().int(), name: z.string() }),
  taxYear: z.number().int(),
};

/** A list row. The identification number is masked: EIN `**-***6789`, SSN/ITIN `***-**-6789`. */
export const contractorListItemDtoSchema = z.object({
  ...contractorBaseDtoShape,
  /** EIN for businesses, SSN or ITIN for individuals, masked. */
  identificationNumber: z.string(),
});
export type ContractorListItemDto = z.infer<typeof contractorListItemDtoSchema>;

export const contractorListDtoSchema = z.object({
  items: z.array(contractorListItemDtoSchema),
  totalCount: z.number().int().nonnegative(),
  /**
   * Dollars: unpaid fees of the year's contractors in scope (client users: their current client),
   * whatever the search filters: what pay-and-submit would charge.
   */
  totalUnpaidServiceFee: z.number(),
  /** Some contractor of the year in scope has a total payment of 0 (pay-and-submit stays disabled). */
  hasAnyItemWithZeroTotalPayment: z.boolean(),
});
export type ContractorListDto = z.infer<typeof contractorListDtoSchema>;

/**
 * getBusinessContractorById. The EIN is in full (`12-3456789`) only for callers holding
 * contractor:edit (DESIGN.md section 4); otherwise masked.
 */
export const businessContractorDtoSchema = z.object({
  ...contractorBaseDtoShape,
  employerIdentificationNumber: z.string(),
  /** Whether `employerIdentificationNumber` is the full value (false: masked). */
  isIdentificationNumberRevealed: z.boolean(),
});
export type BusinessContractorDto = z.infer<typeof businessContractorDtoSchema>;

/** getIndividualContractorById: the SSN/ITIN in full (`123-45-6789`) only with contractor:edit. */
export const individualContractorDtoSchema = z.object({
  ...contractorBaseDtoShape,
  socialSecurityNumberOrTaxpayerIdentificationNumber: z.string(),
  isIdentificationNumberRevealed: z.boolean(),
});
export type IndividualContractorDto = z.infer<typeof individualContractorDtoSchema>;

/** Staff type-ahead (`GET /document/contractors/clients?text=`): business clients only. */
export const contractorClientsQuerySchema = z.object({
  text: z.preprocess(blankToUndefined, z.string().trim().max(TEXT_LIMIT.name).optional()),
});
export const contractorClientDtoSchema = z.object({ id: z.number().int(), name: z.string() });
export type ContractorClientDto = z.infer<typeof contractorClientDtoSchema>;

export const contractorPaymentIntentResultSchema = z.object({
  resultType: z.union([
    z.literal(PAYMENT_INTENT_RESULT.success),
    z.literal(PAYMENT_INTENT_RESULT.noUnpaidContractor),
    z.literal(PAYMENT_INTENT_RESULT.paymentInProgress),
  ]),
  /** Result 1 only: the secret the card form confirms with (Stripe or the test processor). */
  stripePaymentClientSecret: z.string().nullable(),
  /** Dollars; result 1 only (null otherwise). */
  paymentAmount: z.number().nullable(),
});
export type ContractorPaymentIntentResult = z.infer<typeof contractorPaymentIntentResultSchema>;
