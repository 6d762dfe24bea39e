import {
  CONTRACTOR_MAX_TOTAL_PAYMENT,
  CONTRACTOR_TYPE,
  CONTRACTOR_VALIDATION,
  EIN_INPUT_PATTERN,
  SSN_OR_ITIN_INPUT_PATTERN,
  TEXT_LIMIT,
  type BusinessContractorDto,
  type BusinessContractorForm,
  type ContractorInput,
  type ContractorType,
  type IndividualContractorDto,
  type IndividualContractorForm,
} from '@ledgerport/shared';
import type { TFunction } from 'i18next';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { formResolver } from '@/lib/form-resolver';
import { SSN_MASK, TIN_MASK, ZIP_MASK, formatDigits } from '@/lib/digits-mask';

/**
 * The form's view of the contract (spec 03 "Contractor form"): every field is text as typed (the
 * state select holds the id as text, the money input holds '' until something is typed), and an
 * empty field is "This field is required" before any other rule is named.
 */
export interface ContractorFormValues {
  /** Staff adding a contractor name the business client; client users add to their current client. */
  clientId: string;
  businessName: string;
  employerIdentificationNumber: string;
  firstName: string;
  lastName: string;
  socialSecurityNumberOrTaxpayerIdentificationNumber: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  stateId: string;
  zipCode: string;
  totalPayment: number | string;
}

export const EMPTY_CONTRACTOR_FORM: ContractorFormValues = {
  clientId: '',
  businessName: '',
  employerIdentificationNumber: '',
  firstName: '',
  lastName: '',
  socialSecurityNumberOrTaxpayerIdentificationNumber: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  stateId: '',
  zipCode: '',
  totalPayment: '',
};

const text = () => z.string().trim().min(1).max(TEXT_LIMIT.name);
/** A select's value: '' until chosen. */
const chosen = () => z.string().trim().min(1);

const cents = (value: number) => Math.round(value * 100);

const addressShape = {
  addressLine1: text(),
  addressLine2: z.string().trim().max(TEXT_LIMIT.name),
  city: text(),
  stateId: chosen(),
  zipCode: z
    .string()
    .trim()
    .min(1)
    .regex(/^\d{5}$/, CONTRACTOR_VALIDATION.zipFiveDigits),
  totalPayment: z
    .number()
    .refine((value) => cents(value) !== 0, CONTRACTOR_VALIDATION.totalPaymentZero)
    .refine(
      (value) => value > 0 && value <= CONTRACTOR_MAX_TOTAL_PAYMENT && Math.abs(value * 100 - cents(value)) < 1e-6,
      CONTRACTOR_VALIDATION.totalPaymentInvalid,
    ),
};

const businessShape = {
  businessName: text(),
  employerIdentificationNumber: z.string().trim().min(1).regex(EIN_INPUT_PATTERN, CONTRACTOR_VALIDATION.invalidEin),
};

const individualShape = {
  firstName: text(),
  lastName: text(),
  socialSecurityNumberOrTaxpayerIdentificationNumber: z
    .string()
    .trim()
    .min(1)
    .regex(SSN_OR_ITIN_INPUT_PATTERN, CONTRACTOR_VALIDATION.invalidSsnOrItin),
};

/** The fields one form checks: the type's own, the address and total, and the client when staff add. */
export function contractorFormSchema(
  contractorType: ContractorType,
  withClient: boolean,
): z.ZodType<ContractorFormOutput, FieldValues> {
  const withClientId = <T extends z.ZodRawShape>(shape: T) =>
    withClient ? z.object({ clientId: chosen(), ...shape }) : z.object(shape);
  return contractorType === CONTRACTOR_TYPE.business
    ? withClientId({ ...businessShape, ...addressShape })
    : withClientId({ ...individualShape, ...addressShape });
}

/** What a valid form gives: trimmed text, the type's own fields only, the total as a number. */
export interface ContractorFormOutput {
  clientId?: string;
  businessName?: string;
  employerIdentificationNumber?: string;
  firstName?: string;
  lastName?: string;
  socialSecurityNumberOrTaxpayerIdentificationNumber?: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  stateId: string;
  zipCode: string;
  totalPayment: number;
}

/** The contract's stable rule messages in the web app's words. */
export function contractorFormResolver(
  contractorType: ContractorType,
  withClient: boolean,
  t: TFunction,
): Resolver<ContractorFormValues, unknown, ContractorFormOutput> {
  // The schema checks only the fields of its type; the others stay in the values untouched.
  const schema = contractorFormSchema(contractorType, withClient);
  return formResolver<typeof schema, ContractorFormValues>(
    schema,
    t,
    {},
    {
      [CONTRACTOR_VALIDATION.invalidEin]: t('contractors.validation.invalidEin'),
      [CONTRACTOR_VALIDATION.invalidSsnOrItin]: t('contractors.validation.invalidSsnOrItin'),
      [CONTRACTOR_VALIDATION.zipFiveDigits]: t('contractors.validation.zipFiveDigits'),
      [CONTRACTOR_VALIDATION.totalPaymentZero]: t('contractors.validation.totalPaymentZero'),
      [CONTRACTOR_VALIDATION.totalPaymentInvalid]: t('contractors.validation.totalPaymentInvalid'),
    },
  );
}

/** Input masks of spec 03 section 9, applied as the user types or pastes. */
export const maskEin = (value: string) => formatDigits(value, TIN_MASK);
export const maskSsnOrItin = (value: string) => formatDigits(value, SSN_MASK);
export const maskZip = (value: string) => formatDigits(value, ZIP_MASK);

function address(values: ContractorFormOutput) {
  return {
    addressLine1: values.addressLine1,
    addressLine2: values.addressLine2 || null,
    city: values.city,
    stateId: Number(values.stateId),
    zipCode: values.zipCode,
    totalPayment: values.totalPayment,
  };
}

export function toBusinessForm(values: ContractorFormOutput): BusinessContractorForm {
  return {
    businessName: values.businessName ?? '',
    employerIdentificationNumber: values.employerIdentificationNumber ?? '',
    ...address(values),
  };
}

export function toIndividualForm(values: ContractorFormOutput): IndividualContractorForm {
  return {
    firstName: values.firstName ?? '',
    lastName: values.lastName ?? '',
    socialSecurityNumberOrTaxpayerIdentificationNumber: values.socialSecurityNumberOrTaxpayerIdentificationNumber ?? '',
    ...address(values),
  };
}

/** insertContractor's body; staff name the client, client users' contractors go to their current client. */
export function toContractorInput(contractorType: ContractorType, values: ContractorFormOutput): ContractorInput {
  const clientId = values.clientId ? { clientId: Number(values.clientId) } : {};
  return contractorType === CONTRACTOR_TYPE.business
    ? { contractorType, ...clientId, ...toBusinessForm(values) }
    : { contractorType, ...clientId, ...toIndividualForm(values) };
}

/** The name the success messages use: what the list shows in its name column. */
export function contractorName(contractorType: ContractorType, values: ContractorFormOutput): string {
  return contractorType === CONTRACTOR_TYPE.business
    ? (values.businessName ?? '')
    : `${values.firstName ?? ''} ${values.lastName ?? ''}`.trim();
}

/** An existing contractor in the form's shape (edit). */
export function toFormValues(contractor: BusinessContractorDto | IndividualContractorDto): ContractorFormValues {
  // A masked number cannot be sent back: without the full value the field starts empty.
  const full = (value: string, mask: (raw: string) => string) =>
    contractor.isIdentificationNumberRevealed ? mask(value) : '';
  const identification =
    'employerIdentificationNumber' in contractor
      ? { employerIdentificationNumber: full(contractor.employerIdentificationNumber, maskEin) }
      : {
          socialSecurityNumberOrTaxpayerIdentificationNumber: full(
            contractor.socialSecurityNumberOrTaxpayerIdentificationNumber,
            maskSsnOrItin,
          ),
        };
  return {
    ...EMPTY_CONTRACTOR_FORM,
    clientId: String(contractor.client.id),
    businessName: contractor.businessName ?? '',
    firstName: contractor.firstName ?? '',
    lastName: contractor.lastName ?? '',
    ...identification,
    addressLine1: contractor.addressLine1,
    addressLine2: contractor.addressLine2 ?? '',
    city: contractor.city,
    stateId: String(contractor.stateId),
    zipCode: contractor.zipCode,
    totalPayment: contractor.totalPayment,
  };
}
