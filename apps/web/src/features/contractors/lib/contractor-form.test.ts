import { CONTRACTOR_TYPE, type ContractorType } from '@ledgerport/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import {
  EMPTY_CONTRACTOR_FORM,
  contractorFormResolver,
  maskEin,
  maskSsnOrItin,
  maskZip,
  toContractorInput,
  type ContractorFormOutput,
  type ContractorFormValues,
} from './contractor-form';

const ADDRESS = { addressLine1: '1 Main St', city: 'Austin', stateId: '44', zipCode: '73301', totalPayment: 1250.5 };
const BUSINESS: ContractorFormValues = {
  ...EMPTY_CONTRACTOR_FORM,
  ...ADDRESS,
  businessName: 'Acme LLC',
  employerIdentificationNumber: '12-3456789',
};
const INDIVIDUAL: ContractorFormValues = {
  ...EMPTY_CONTRACTOR_FORM,
  ...ADDRESS,
  firstName: 'Ada',
  lastName: 'Lovelace',
  socialSecurityNumberOrTaxpayerIdentificationNumber: '123-45-6789',
};

async function validate(type: ContractorType, values: ContractorFormValues, withClient = false) {
  const resolve = contractorFormResolver(type, withClient, i18n.t);
  return resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false });
}

const messages = (errors: Record<string, { message?: string } | undefined>) =>
  Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));

describe('contractor form rules', () => {
  it('names every required field of a business with the generic message, the optional line 2 excepted', async () => {
    const { errors } = await validate(CONTRACTOR_TYPE.business, EMPTY_CONTRACTOR_FORM);
    const required = 'This field is required';
    expect(messages(errors)).toEqual({
      businessName: required,
      employerIdentificationNumber: required,
      addressLine1: required,
      city: required,
      stateId: required,
      zipCode: required,
      totalPayment: required,
    });
  });

  it('asks an individual for first name, last name and SSN or ITIN instead of the business fields', async () => {
    const { errors } = await validate(CONTRACTOR_TYPE.individual, {
      ...INDIVIDUAL,
      firstName: '  ',
      lastName: '',
      socialSecurityNumberOrTaxpayerIdentificationNumber: '',
    });
    expect(Object.keys(errors).sort()).toEqual([
      'firstName',
      'lastName',
      'socialSecurityNumberOrTaxpayerIdentificationNumber',
    ]);
  });

  it('asks staff for the business client, client users not', async () => {
    expect((await validate(CONTRACTOR_TYPE.business, BUSINESS, true)).errors.clientId?.message).toBe(
      'This field is required',
    );
    expect((await validate(CONTRACTOR_TYPE.business, BUSINESS)).errors).toEqual({});
  });

  it('refuses an EIN that is not two digits, a hyphen and seven digits', async () => {
    const { errors } = await validate(CONTRACTOR_TYPE.business, {
      ...BUSINESS,
      employerIdentificationNumber: '12-345',
    });
    expect(errors.employerIdentificationNumber?.message).toBe(
      'Please enter a valid employer identification number (##-#######)',
    );
  });

  it('refuses an SSN or ITIN without nine digits and a zip without five', async () => {
    const { errors } = await validate(CONTRACTOR_TYPE.individual, {
      ...INDIVIDUAL,
      socialSecurityNumberOrTaxpayerIdentificationNumber: '123-45-678',
      zipCode: '7330',
    });
    expect(errors.socialSecurityNumberOrTaxpayerIdentificationNumber?.message).toBe(
      'Please enter a valid 9-digit SSN or ITIN',
    );
    expect(errors.zipCode?.message).toBe('The zip code must contain 5 digits');
  });

  it('refuses a total payment of 0.00', async () => {
    const { errors } = await validate(CONTRACTOR_TYPE.business, { ...BUSINESS, totalPayment: 0 });
    expect(errors.totalPayment?.message).toBe('The total payment cannot be 0.00');
  });

  it('trims the text and sends only the type’s own fields, line 2 empty as null', async () => {
    const result = await validate(CONTRACTOR_TYPE.business, {
      ...BUSINESS,
      businessName: '  Acme LLC ',
      addressLine1: ' 1 Main St ',
      addressLine2: '   ',
      city: ' Austin',
      firstName: 'left over',
    });
    expect(result.errors).toEqual({});
    expect(toContractorInput(CONTRACTOR_TYPE.business, result.values as ContractorFormOutput)).toEqual({
      contractorType: CONTRACTOR_TYPE.business,
      businessName: 'Acme LLC',
      employerIdentificationNumber: '12-3456789',
      addressLine1: '1 Main St',
      addressLine2: null,
      city: 'Austin',
      stateId: 44,
      zipCode: '73301',
      totalPayment: 1250.5,
    });
  });

  it('names the client when staff add', async () => {
    const result = await validate(CONTRACTOR_TYPE.individual, { ...INDIVIDUAL, clientId: '12' }, true);
    expect(toContractorInput(CONTRACTOR_TYPE.individual, result.values as ContractorFormOutput)).toMatchObject({
      contractorType: CONTRACTOR_TYPE.individual,
      clientId: 12,
      firstName: 'Ada',
      socialSecurityNumberOrTaxpayerIdentificationNumber: '123-45-6789',
    });
  });

  it('masks what is typed or pasted', () => {
    expect(maskEin('12a3456789012')).toBe('12-3456789');
    expect(maskSsnOrItin('123456789')).toBe('123-45-6789');
    expect(maskZip('73301-1234')).toBe('73301');
  });
});
