import {
  BUSINESS_ADDRESS_TYPE,
  BUSINESS_ENTITY_TYPE,
  businessAddressSchema,
  businessAddressTypeSchema,
  companyBasicsSchema,
  contactSchema,
  DEFAULT_BUSINESS_ENTITY_TYPE,
  FORMATION_VALIDATION,
  managementStructureSchema,
  MAX_ORGANIZERS,
  optionalSsnSchema,
  organizerSchema,
  organizerTitleSchema,
  PASSPORT_LIMITS,
  REGISTERED_AGENT_TYPE,
  registeredAgentSchema,
  requiredSsnSchema,
  passportFieldName,
  TEXT_LIMIT,
  toMultipartFields,
} from '@ledgerport/shared';
import { z } from 'zod';

/**
 * What the wizards' controls hold: ids as text (selects and radios), the industry's local "Other"
 * as a marker, digits as typed. The contract's input is derived from it under the same field paths,
 * so every error lands on the control that caused it.
 */

/** The local Other option of the industry select (spec 03 section 3). */
export const OTHER_INDUSTRY = 'other';

export interface CompanyValues {
  businessEntityType: string;
  stateId: string | null;
  legalName: string;
  doingBusinessAs: string;
  industryId: string | null;
  otherIndustryName: string;
}

export interface ContactValues {
  contactFirstName: string;
  contactLastName: string;
  contactEmailAddress: string;
  contactPhoneNumber: string;
  contactFax: string;
}

export interface AddressValues {
  addressLine1: string;
  addressLine2: string;
  city: string;
  zipCode: string;
  emailAddress: string;
  phoneNumber: string;
}

export interface AgentValues extends AddressValues {
  registeredAgentType: string;
  companyName: string;
  firstName: string;
  middleName: string;
  lastName: string;
  countyId: string | null;
}

export interface OrganizerValues {
  titles: string[];
  firstName: string;
  middleName: string;
  lastName: string;
  shareOwnership: string;
  isDirector: boolean;
  /** Non-resident only. */
  mainPageOfPassport: File | null;
}

export interface SocialSecurityValues {
  socialSecurityNumber: string;
  socialSecurityFirstName: string;
  socialSecurityLastName: string;
}

export interface AddressChoiceValues {
  businessAddressType: string;
  businessAddress: AddressValues;
}

export interface ResidentValues extends CompanyValues, ContactValues, AddressChoiceValues, SocialSecurityValues {
  registeredAgent: AgentValues;
  managementStructure: string | null;
  organizers: OrganizerValues[];
}

export interface NonResidentValues extends CompanyValues, ContactValues, AddressChoiceValues, SocialSecurityValues {
  organizers: OrganizerValues[];
}

const emptyAddress = (): AddressValues => ({
  addressLine1: '',
  addressLine2: '',
  city: '',
  zipCode: '',
  emailAddress: '',
  phoneNumber: '',
});

export const emptyOrganizer = (): OrganizerValues => ({
  titles: [],
  firstName: '',
  middleName: '',
  lastName: '',
  shareOwnership: '',
  isDirector: false,
  mainPageOfPassport: null,
});

const companyDefaults = (): CompanyValues => ({
  businessEntityType: String(DEFAULT_BUSINESS_ENTITY_TYPE),
  stateId: null,
  legalName: '',
  doingBusinessAs: '',
  industryId: null,
  otherIndustryName: '',
});

const contactDefaults = (): ContactValues => ({
  contactFirstName: '',
  contactLastName: '',
  contactEmailAddress: '',
  contactPhoneNumber: '',
  contactFax: '',
});

const socialSecurityDefaults = (): SocialSecurityValues => ({
  socialSecurityNumber: '',
  socialSecurityFirstName: '',
  socialSecurityLastName: '',
});

const addressChoiceDefaults = (): AddressChoiceValues => ({
  businessAddressType: String(BUSINESS_ADDRESS_TYPE.predefined),
  businessAddress: emptyAddress(),
});

export const residentDefaults = (): ResidentValues => ({
  ...companyDefaults(),
  ...contactDefaults(),
  registeredAgent: {
    ...emptyAddress(),
    registeredAgentType: String(REGISTERED_AGENT_TYPE.individual),
    companyName: '',
    firstName: '',
    middleName: '',
    lastName: '',
    countyId: null,
  },
  ...addressChoiceDefaults(),
  managementStructure: null,
  organizers: [emptyOrganizer()],
  ...socialSecurityDefaults(),
});

export const nonResidentDefaults = (): NonResidentValues => ({
  ...companyDefaults(),
  ...contactDefaults(),
  ...addressChoiceDefaults(),
  organizers: [emptyOrganizer()],
  ...socialSecurityDefaults(),
});

/** An id the user has not chosen is left undefined, which the contract answers with "required". */
const idOf = (value: string | null): number | undefined => (value ? Number(value) : undefined);

export const isCorporation = (values: Pick<CompanyValues, 'businessEntityType'>) =>
  Number(values.businessEntityType) === BUSINESS_ENTITY_TYPE.corporation;

export const hasNewAddress = (values: Pick<AddressChoiceValues, 'businessAddressType'>) =>
  Number(values.businessAddressType) === BUSINESS_ADDRESS_TYPE.new;

function companyInput(values: CompanyValues) {
  const other = values.industryId === OTHER_INDUSTRY;
  return {
    businessEntityType: Number(values.businessEntityType),
    stateId: idOf(values.stateId),
    legalName: values.legalName,
    doingBusinessAs: values.doingBusinessAs,
    industryId: other ? null : idOf(values.industryId),
    otherIndustryName: other ? values.otherIndustryName : null,
  };
}

function contactInput(values: ContactValues) {
  return {
    contactFirstName: values.contactFirstName,
    contactLastName: values.contactLastName,
    contactEmailAddress: values.contactEmailAddress,
    contactPhoneNumber: values.contactPhoneNumber,
    contactFax: values.contactFax,
  };
}

function addressChoiceInput(values: AddressChoiceValues) {
  return {
    businessAddressType: Number(values.businessAddressType),
    // A predefined address sends none (spec 03 section 4).
    businessAddress: hasNewAddress(values) ? { ...values.businessAddress } : null,
  };
}

/** Titles and the director switch belong to a Corporation's officers only. */
function organizersInput(values: CompanyValues & { organizers: OrganizerValues[] }) {
  const corporation = isCorporation(values);
  return values.organizers.map((organizer) => ({
    titles: corporation ? organizer.titles.map(Number) : [],
    firstName: organizer.firstName,
    middleName: organizer.middleName,
    lastName: organizer.lastName,
    shareOwnership: organizer.shareOwnership,
    isDirector: corporation ? organizer.isDirector : false,
  }));
}

function socialSecurityInput(values: SocialSecurityValues) {
  return {
    socialSecurityNumber: values.socialSecurityNumber,
    socialSecurityFirstName: values.socialSecurityFirstName,
    socialSecurityLastName: values.socialSecurityLastName,
  };
}

/** The resident payload (`POST company/companies/resident`); the server validates it again. */
export function residentInput(values: ResidentValues, couponCode: string | null) {
  const { countyId, ...agent } = values.registeredAgent;
  return {
    ...companyInput(values),
    ...contactInput(values),
    couponCode,
    registeredAgent: {
      ...agent,
      registeredAgentType: Number(agent.registeredAgentType),
      countyId: idOf(countyId),
    },
    ...addressChoiceInput(values),
    // An LLC chooses how it is managed; a Corporation is run by its officers (spec 03 section 4).
    managementStructure: isCorporation(values) ? null : idOf(values.managementStructure),
    organizers: organizersInput(values),
    ...socialSecurityInput(values),
  };
}

/** The non-resident fields as the contract reads them once the multipart names are nested. */
export function nonResidentInput(values: NonResidentValues) {
  return {
    ...companyInput(values),
    ...contactInput(values),
    ...addressChoiceInput(values),
    organizers: organizersInput(values).map((organizer, index) => ({
      ...organizer,
      mainPageOfPassport: values.organizers[index]?.mainPageOfPassport ?? null,
    })),
    ...socialSecurityInput(values),
  };
}

/**
 * The multipart body of the non-resident submit: the contract's dotted names with empty values left
 * out, the director switch only for a Corporation, and each organizer's passport as a file part.
 */
export function nonResidentFormData(values: NonResidentValues): FormData {
  const form = new FormData();
  const corporation = isCorporation(values);
  const input = nonResidentInput(values);
  const fields = toMultipartFields({
    ...input,
    organizers: input.organizers.map(({ mainPageOfPassport: _file, isDirector, ...organizer }) =>
      corporation ? { ...organizer, isDirector } : organizer,
    ),
  });
  for (const [name, value] of fields) form.append(name, value);
  values.organizers.forEach((organizer, index) => {
    const file = organizer.mainPageOfPassport;
    if (file) form.append(passportFieldName(index), file, file.name);
  });
  return form;
}

/* ---------- step schemas: the contract's pieces, one step at a time ---------- */

/** What changes a step's rules: a Corporation's officers, and the industry name asked for with Other. */
export interface StepRules {
  corporation: boolean;
  otherIndustry: boolean;
}

export const stepRulesOf = (values: CompanyValues): StepRules => ({
  corporation: isCorporation(values),
  otherIndustry: values.industryId === OTHER_INDUSTRY,
});

/** With Other, the industry name is a required field of its own (spec 03 section 5). */
const companyStepSchema = (otherIndustry: boolean) =>
  otherIndustry
    ? companyBasicsSchema.extend({ otherIndustryName: contactSchema.shape.contactFirstName })
    : companyBasicsSchema;

const addressChoiceSchema = z.object({
  businessAddressType: businessAddressTypeSchema,
  businessAddress: businessAddressSchema.nullable(),
});

/** Officers of a Corporation hold at least one title (spec 03 section 5); an LLC's organizers none. */
const organizerStepSchema = (corporation: boolean) =>
  corporation
    ? organizerSchema.extend({
        titles: z.array(organizerTitleSchema).min(1, FORMATION_VALIDATION.titlesRequired),
      })
    : organizerSchema;

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

/** The browser's own check of a passport file; the server checks the content again. */
export const passportFileSchema = z
  .instanceof(File, { message: FORMATION_VALIDATION.passportRequired })
  .refine((file) => (PASSPORT_LIMITS.extensions as readonly string[]).includes(extensionOf(file.name)), {
    message: FORMATION_VALIDATION.passportType,
  })
  .refine((file) => file.size < PASSPORT_LIMITS.maxBytes, { message: FORMATION_VALIDATION.passportTooLarge });

const optionalName = z.string().trim().max(TEXT_LIMIT.name).nullish();

export const residentStepSchemas = ({ corporation, otherIndustry }: StepRules) =>
  [
    companyStepSchema(otherIndustry).extend(contactSchema.shape),
    z.object({ registeredAgent: registeredAgentSchema }).extend(addressChoiceSchema.shape),
    z.object({
      ...(corporation ? {} : { managementStructure: managementStructureSchema }),
      organizers: z.array(organizerStepSchema(corporation)).min(1).max(MAX_ORGANIZERS),
      socialSecurityNumber: requiredSsnSchema,
      socialSecurityFirstName: contactSchema.shape.contactFirstName,
      socialSecurityLastName: contactSchema.shape.contactLastName,
    }),
  ] as const;

export const nonResidentStepSchemas = ({ corporation, otherIndustry }: StepRules) =>
  [
    companyStepSchema(otherIndustry),
    contactSchema.extend(addressChoiceSchema.shape),
    z.object({
      organizers: z
        .array(organizerStepSchema(corporation).extend({ mainPageOfPassport: passportFileSchema }))
        .min(1)
        .max(MAX_ORGANIZERS),
      socialSecurityNumber: optionalSsnSchema,
      socialSecurityFirstName: optionalName,
      socialSecurityLastName: optionalName,
    }),
  ] as const;
