import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../common/idempotency.js';
import { TEXT_LIMIT } from '../common/constants.js';
import { ZIP_PATTERN } from '../common/masks.js';
import { optionalPhoneSchema, requiredPhoneSchema } from '../common/phone.js';
import { isValidSsn, SSN_RULE_MESSAGE } from './ssn-rule.js';

/**
 * Contract: public company formation, resident (JSON) and non-resident (multipart) submissions with
 * their payment (spec 03 "Resident formation payload", "Non-resident payload", sections 4, 5, 9).
 * The API validates with these schemas; the web wizard reuses them per step.
 */

/** Spec 03 section 9. */
export const BUSINESS_ENTITY_TYPE = { llc: 1, corporation: 2 } as const;
export type BusinessEntityType = (typeof BUSINESS_ENTITY_TYPE)[keyof typeof BUSINESS_ENTITY_TYPE];
/** The wizard starts on LLC (spec 03 section 4). */
export const DEFAULT_BUSINESS_ENTITY_TYPE: BusinessEntityType = BUSINESS_ENTITY_TYPE.llc;

export const FORMATION_TYPE = { resident: 1, nonResident: 2 } as const;
export type FormationType = (typeof FORMATION_TYPE)[keyof typeof FORMATION_TYPE];

export const REGISTERED_AGENT_TYPE = { individual: 1, company: 2 } as const;
export type RegisteredAgentType = (typeof REGISTERED_AGENT_TYPE)[keyof typeof REGISTERED_AGENT_TYPE];

export const MANAGEMENT_STRUCTURE = { manager: 1, member: 2 } as const;
export type ManagementStructure = (typeof MANAGEMENT_STRUCTURE)[keyof typeof MANAGEMENT_STRUCTURE];

export const BUSINESS_ADDRESS_TYPE = { predefined: 1, new: 2 } as const;
export type BusinessAddressType = (typeof BUSINESS_ADDRESS_TYPE)[keyof typeof BUSINESS_ADDRESS_TYPE];

/** Ids of `GET company/organizer-titles/all` (President, Vice President, Treasurer, Secretary). */
export const ORGANIZER_TITLE = { president: 1, vicePresident: 2, treasurer: 3, secretary: 4 } as const;
export type OrganizerTitle = (typeof ORGANIZER_TITLE)[keyof typeof ORGANIZER_TITLE];

/**
 * Money in integer cents (spec 03 section 9). The non-resident total is fixed at 500: it is shown as a
 * government fee of 350 plus the same service fee of 150 a resident pays, with no processing fee and no
 * coupon, so the order summary of every company has the same three lines.
 */
export const FORMATION_FEES = {
  processingFeeRate: 0.06,
  serviceFeeCents: 15_000,
  nonResidentTotalCents: 50_000,
  nonResidentGovernmentFeeCents: 35_000,
  nonResidentServiceFeeCents: 15_000,
  nonResidentProcessingFeeCents: 0,
} as const;

/** Spec 03 section 9: under 20,000,000 bytes (a file of exactly 20,000,000 is refused); checked on content. */
export const PASSPORT_LIMITS = {
  maxBytes: 20_000_000,
  extensions: ['png', 'jpeg', 'jpg', 'pdf', 'doc', 'docx'],
  /** The `accept` of the file input; the server trusts only the sniffed content. */
  accept: '.png,.jpeg,.jpg,.pdf,.doc,.docx',
} as const;

/** Largest share ownership: a whole-number percent. */
export const SHARE_OWNERSHIP_MAX = 100;
/** Bound on organizers per submission (a request carrying passports must stay reasonable). */
export const MAX_ORGANIZERS = 20;

/** Stable messages of rules the web app words itself (see lib/form-resolver's contractMessages). */
export const FORMATION_VALIDATION = {
  required: 'This field is required',
  invalidEmail: 'Please enter a valid email address.',
  zipFiveDigits: 'The zip code must contain 5 digits.',
  digitsOnly: 'Only digits are allowed.',
  shareOwnershipMax: `Share ownership cannot exceed ${SHARE_OWNERSHIP_MAX}.`,
  ssn: SSN_RULE_MESSAGE,
  titlesRequired: 'Choose at least one title.',
  titlesOnlyForCorporation: 'Titles apply only to a Corporation.',
  directorOnlyForCorporation: 'Only a Corporation has directors.',
  otherIndustryRequired: 'This field is required',
  countyNotInState: "The county does not belong to the registered agent's state.",
  passportRequired: 'The main page of the passport is required.',
  passportTooLarge: 'The passport file must be smaller than 20,000,000 bytes.',
  passportType: 'The passport file must be a png, jpeg, jpg, pdf, doc or docx file.',
} as const;

/** Machine codes of formation errors (400 details carry field paths; these are the non-field ones). */
export const FORMATION_ERROR = {
  invalidCoupon: 'FORMATION_INVALID_COUPON',
  unknownState: 'FORMATION_UNKNOWN_STATE',
  stateNotFormable: 'FORMATION_STATE_NOT_FORMABLE',
  unknownIndustry: 'FORMATION_UNKNOWN_INDUSTRY',
  countyNotInState: 'FORMATION_COUNTY_NOT_IN_STATE',
  passportRequired: 'FORMATION_PASSPORT_REQUIRED',
  passportTooLarge: 'FORMATION_PASSPORT_TOO_LARGE',
  passportType: 'FORMATION_PASSPORT_TYPE',
} as const;

/** No spaces, one at-sign, a dot in the domain (spec 03 section 5). */
export const FORMATION_EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** One message per field: a blank value is "required", and its format is not judged too. */
const requiredText = (max: number = TEXT_LIMIT.name) =>
  z
    .string({ message: FORMATION_VALIDATION.required })
    .trim()
    .min(1, { message: FORMATION_VALIDATION.required, abort: true })
    .max(max);

/** Absent, null and blank all mean "not given" and become null. */
const optionalText = (max: number = TEXT_LIMIT.name) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

const requiredEmail = requiredText(TEXT_LIMIT.email).regex(FORMATION_EMAIL_PATTERN, FORMATION_VALIDATION.invalidEmail);
const optionalEmail = optionalText(TEXT_LIMIT.email).refine(
  (value) => value === null || FORMATION_EMAIL_PATTERN.test(value),
  FORMATION_VALIDATION.invalidEmail,
);
const zipCode = requiredText(5).regex(ZIP_PATTERN, FORMATION_VALIDATION.zipFiveDigits);

const id = z.number({ message: FORMATION_VALIDATION.required }).int().positive();
const idLiteral = <T extends Record<string, number>>(values: T) =>
  z.union(
    Object.values(values).map((value) => z.literal(value as T[keyof T])) as unknown as [
      z.ZodLiteral<T[keyof T]>,
      z.ZodLiteral<T[keyof T]>,
    ],
    { message: FORMATION_VALIDATION.required },
  );

export const businessEntityTypeSchema = idLiteral(BUSINESS_ENTITY_TYPE);
export const registeredAgentTypeSchema = idLiteral(REGISTERED_AGENT_TYPE);
export const managementStructureSchema = idLiteral(MANAGEMENT_STRUCTURE);
export const businessAddressTypeSchema = idLiteral(BUSINESS_ADDRESS_TYPE);
export const organizerTitleSchema = idLiteral(ORGANIZER_TITLE);

/** A whole-number percent, typed as digits (JSON may send the number itself). */
export const shareOwnershipSchema = z
  .union([z.number(), z.string()], { message: FORMATION_VALIDATION.required })
  .transform((value, context) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (text === '') {
      context.addIssue({ code: 'custom', message: FORMATION_VALIDATION.required });
      return z.NEVER;
    }
    if (!/^\d+$/.test(text)) {
      context.addIssue({ code: 'custom', message: FORMATION_VALIDATION.digitsOnly });
      return z.NEVER;
    }
    const percent = Number(text);
    if (percent > SHARE_OWNERSHIP_MAX) {
      context.addIssue({ code: 'custom', message: FORMATION_VALIDATION.shareOwnershipMax });
      return z.NEVER;
    }
    return percent;
  });

export const requiredSsnSchema = requiredText(11).refine(isValidSsn, FORMATION_VALIDATION.ssn);
export const optionalSsnSchema = optionalText(11).refine(
  (value) => value === null || isValidSsn(value),
  FORMATION_VALIDATION.ssn,
);

/** Step 1 (both wizards): the company itself. */
export const companyBasicsSchema = z.object({
  businessEntityType: businessEntityTypeSchema,
  stateId: id,
  legalName: requiredText(TEXT_LIMIT.shortText),
  doingBusinessAs: optionalText(TEXT_LIMIT.shortText),
  /** Null when the prospect chose the local Other option; `otherIndustryName` is then required. */
  industryId: id.nullable(),
  otherIndustryName: optionalText(),
});

export const contactSchema = z.object({
  contactFirstName: requiredText(),
  contactLastName: requiredText(),
  contactEmailAddress: requiredEmail,
  contactPhoneNumber: requiredPhoneSchema(FORMATION_VALIDATION.required),
  contactFax: optionalText(32),
});

/** A new business address (spec 03 section 5: line 1, city, zip required; email optional but valid). */
export const businessAddressSchema = z.object({
  addressLine1: requiredText(TEXT_LIMIT.shortText),
  addressLine2: optionalText(TEXT_LIMIT.shortText),
  city: requiredText(),
  zipCode,
  emailAddress: optionalEmail,
  phoneNumber: optionalPhoneSchema,
});
export type BusinessAddressInput = z.output<typeof businessAddressSchema>;

const registeredAgentFields = {
  companyName: optionalText(TEXT_LIMIT.shortText),
  firstName: optionalText(),
  lastName: optionalText(),
  middleName: optionalText(),
  addressLine1: requiredText(TEXT_LIMIT.shortText),
  addressLine2: optionalText(TEXT_LIMIT.shortText),
  city: requiredText(),
  countyId: id,
  zipCode,
  emailAddress: optionalEmail,
  phoneNumber: requiredPhoneSchema(FORMATION_VALIDATION.required),
};

/**
 * An individual agent needs a first and last name, a company agent a company name. One object per
 * type rather than a refinement: zod skips a refinement once any field has failed, so the names would
 * be flagged only in a second round, after the address fields pass.
 */
export const registeredAgentSchema = z.discriminatedUnion(
  'registeredAgentType',
  [
    z.object({
      ...registeredAgentFields,
      registeredAgentType: z.literal(REGISTERED_AGENT_TYPE.individual),
      firstName: requiredText(),
      lastName: requiredText(),
    }),
    z.object({
      ...registeredAgentFields,
      registeredAgentType: z.literal(REGISTERED_AGENT_TYPE.company),
      companyName: requiredText(TEXT_LIMIT.shortText),
    }),
  ],
  { message: FORMATION_VALIDATION.required },
);
export type RegisteredAgentInput = z.output<typeof registeredAgentSchema>;

const organizerBaseSchema = z.object({
  titles: z.array(organizerTitleSchema).max(Object.keys(ORGANIZER_TITLE).length).optional().default([]),
  firstName: requiredText(),
  lastName: requiredText(),
  middleName: optionalText(),
  shareOwnership: shareOwnershipSchema,
  isDirector: z.boolean().optional().default(false),
});
export const organizerSchema = organizerBaseSchema;
export type OrganizerInput = z.output<typeof organizerSchema>;

type RefineContext = z.core.$RefinementCtx;

/** Rules across fields shared by both payloads (spec 03 sections 4 and 5). */
function refineFormation(
  input: {
    businessEntityType: BusinessEntityType;
    industryId: number | null;
    otherIndustryName: string | null;
    businessAddressType: BusinessAddressType;
    businessAddress?: BusinessAddressInput | null;
    organizers: Array<{ titles: OrganizerTitle[]; isDirector: boolean }>;
  },
  context: RefineContext,
) {
  if (input.industryId === null && !input.otherIndustryName) {
    context.addIssue({
      code: 'custom',
      path: ['otherIndustryName'],
      message: FORMATION_VALIDATION.otherIndustryRequired,
    });
  }
  if (input.businessAddressType === BUSINESS_ADDRESS_TYPE.new && !input.businessAddress) {
    context.addIssue({ code: 'custom', path: ['businessAddress'], message: FORMATION_VALIDATION.required });
  }
  const isCorporation = input.businessEntityType === BUSINESS_ENTITY_TYPE.corporation;
  input.organizers.forEach((organizer, index) => {
    if (isCorporation && organizer.titles.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['organizers', index, 'titles'],
        message: FORMATION_VALIDATION.titlesRequired,
      });
    }
    if (!isCorporation && organizer.titles.length > 0) {
      context.addIssue({
        code: 'custom',
        path: ['organizers', index, 'titles'],
        message: FORMATION_VALIDATION.titlesOnlyForCorporation,
      });
    }
    if (!isCorporation && organizer.isDirector) {
      context.addIssue({
        code: 'custom',
        path: ['organizers', index, 'isDirector'],
        message: FORMATION_VALIDATION.directorOnlyForCorporation,
      });
    }
  });
}

/** A predefined address sends none; whatever came with it is dropped. */
const dropPredefinedAddress = <T extends { businessAddressType: BusinessAddressType; businessAddress?: unknown }>(
  input: T,
) => (input.businessAddressType === BUSINESS_ADDRESS_TYPE.predefined ? { ...input, businessAddress: null } : input);

/** `POST company/companies/resident` (JSON). */
export const residentFormationInputSchema = companyBasicsSchema
  .extend(contactSchema.shape)
  .extend({
    couponCode: optionalText(TEXT_LIMIT.shortText),
    registeredAgent: registeredAgentSchema,
    businessAddressType: businessAddressTypeSchema,
    businessAddress: businessAddressSchema.nullish(),
    /** LLC only (spec 03: a Corporation's details show no management structure); null for a Corporation. */
    managementStructure: managementStructureSchema.nullish(),
    organizers: z.array(organizerSchema).min(1, FORMATION_VALIDATION.required).max(MAX_ORGANIZERS),
    socialSecurityNumber: requiredSsnSchema,
    socialSecurityFirstName: requiredText(),
    socialSecurityLastName: requiredText(),
  })
  .transform(dropPredefinedAddress)
  .transform((input) =>
    input.businessEntityType === BUSINESS_ENTITY_TYPE.corporation ? { ...input, managementStructure: null } : input,
  )
  .superRefine(refineFormation)
  .superRefine((input, context) => {
    if (input.businessEntityType === BUSINESS_ENTITY_TYPE.llc && !input.managementStructure) {
      context.addIssue({ code: 'custom', path: ['managementStructure'], message: FORMATION_VALIDATION.required });
    }
  });
export type ResidentFormationInput = z.input<typeof residentFormationInputSchema>;
export type ResidentFormation = z.output<typeof residentFormationInputSchema>;

/**
 * `POST company/companies/non-resident` (multipart): the text fields once the dotted names are
 * nested (see `formation-multipart.ts`). Every value arrives as text; empty values are left out.
 * Each organizer's `mainPageOfPassport` is a file part, checked by the server, not by this schema.
 */
const formInt = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value), schema);
const formBoolean = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean().optional().default(false),
);
/** A missing number arrives as nothing at all: null stands for "not chosen". */
const formNullableInt = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) =>
      value === undefined || value === ''
        ? null
        : typeof value === 'string' && /^\d+$/.test(value)
          ? Number(value)
          : value,
    schema,
  );

export const nonResidentOrganizerFieldsSchema = z.object({
  titles: z.array(formInt(organizerTitleSchema)).max(Object.keys(ORGANIZER_TITLE).length).optional().default([]),
  firstName: requiredText(),
  lastName: requiredText(),
  middleName: optionalText(),
  shareOwnership: shareOwnershipSchema,
  isDirector: formBoolean,
});

export const nonResidentFormationFieldsSchema = z
  .object({
    businessEntityType: formInt(businessEntityTypeSchema),
    stateId: formInt(id),
    legalName: requiredText(TEXT_LIMIT.shortText),
    doingBusinessAs: optionalText(TEXT_LIMIT.shortText),
    industryId: formNullableInt(id.nullable()),
    otherIndustryName: optionalText(),
    ...contactSchema.shape,
    businessAddressType: formInt(businessAddressTypeSchema),
    businessAddress: businessAddressSchema.nullish(),
    organizers: z
      .array(nonResidentOrganizerFieldsSchema, { message: FORMATION_VALIDATION.required })
      .min(1, FORMATION_VALIDATION.required)
      .max(MAX_ORGANIZERS),
    socialSecurityNumber: optionalSsnSchema,
    socialSecurityFirstName: optionalText(),
    socialSecurityLastName: optionalText(),
  })
  .transform(dropPredefinedAddress)
  .superRefine(refineFormation);
export type NonResidentFormationFields = z.output<typeof nonResidentFormationFieldsSchema>;

/** Multipart name of an organizer's passport file part. */
export const passportFieldName = (organizerIndex: number) => `organizers[${organizerIndex}].mainPageOfPassport`;

/**
 * Both submissions answer with what the browser needs to confirm the card with the provider.
 * `paymentAmount` is in dollars (the amount charged), as the contractors' payment intent result.
 */
export const formationSubmittedSchema = z.object({
  stripePaymentClientSecret: z.string(),
  paymentAmount: z.number().optional(),
  companyId: z.number().int().optional(),
});
export type FormationSubmitted = z.infer<typeof formationSubmittedSchema>;

/**
 * The idempotency header the wizard sends, one fresh value (a UUID) per submit attempt: a retried
 * request with the same key answers with the same company and payment instead of a second one.
 */
export const formationHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, 'Send 16 to 128 letters, digits, - or _ (a UUID).')
    .optional(),
});
