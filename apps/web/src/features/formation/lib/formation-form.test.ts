import { BUSINESS_ENTITY_TYPE, BUSINESS_ADDRESS_TYPE, REGISTERED_AGENT_TYPE } from '@ledgerport/shared';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import {
  emptyOrganizer,
  nonResidentDefaults,
  nonResidentFormData,
  nonResidentInput,
  nonResidentStepSchemas,
  OTHER_INDUSTRY,
  residentDefaults,
  residentInput,
  residentStepSchemas,
  stepRulesOf,
  type NonResidentValues,
  type ResidentValues,
} from './formation-form';
import { shapedFormResolver } from '@/lib/form-resolver';

const REQUIRED = 'This field is required';

async function errorsOf<V extends FieldValues>(resolver: Resolver<V>, values: V): Promise<FieldErrors<V>> {
  const result = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return result.errors;
}

/** Each step's resolver picks the rules the values call for, as the wizard does. */
const byRules =
  <V extends ResidentValues | NonResidentValues>(resolverOf: (values: V) => Resolver<V>): Resolver<V> =>
  (values, context, options) =>
    resolverOf(values)(values, context, options);

const residentStep = (step: number) =>
  byRules<ResidentValues>((values) =>
    shapedFormResolver(residentStepSchemas(stepRulesOf(values))[step]!, i18n.t, {
      toInput: (v) => residentInput(v, null),
      otherwise: i18n.t('common.validation.required'),
    }),
  );
const nonResidentStep = (step: number) =>
  byRules<NonResidentValues>((values) =>
    shapedFormResolver(nonResidentStepSchemas(stepRulesOf(values))[step]!, i18n.t, {
      toInput: nonResidentInput,
      otherwise: i18n.t('common.validation.required'),
    }),
  );

const validResident = (): ResidentValues => ({
  ...residentDefaults(),
  stateId: '47',
  legalName: 'Blue Ridge Studio',
  industryId: '3',
  contactFirstName: 'Ada',
  contactLastName: 'Lovelace',
  contactEmailAddress: 'ada@example.com',
  contactPhoneNumber: '(804) 555-0100',
  registeredAgent: {
    ...residentDefaults().registeredAgent,
    firstName: 'Grace',
    lastName: 'Hopper',
    addressLine1: '1 Main St',
    city: 'Richmond',
    countyId: '12',
    zipCode: '23219',
    phoneNumber: '(804) 555-0101',
  },
  managementStructure: '2',
  organizers: [{ ...emptyOrganizer(), firstName: 'Ada', lastName: 'Lovelace', shareOwnership: '100' }],
  socialSecurityNumber: '123-45-6789',
  socialSecurityFirstName: 'Ada',
  socialSecurityLastName: 'Lovelace',
});

const pdf = (name = 'passport.pdf', bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

describe('resident step 1: company and contact', () => {
  it('names every missing required field and nothing optional', async () => {
    const errors = await errorsOf(residentStep(0), residentDefaults());
    expect(Object.keys(errors).sort()).toEqual(
      [
        'contactEmailAddress',
        'contactFirstName',
        'contactLastName',
        'contactPhoneNumber',
        'industryId',
        'legalName',
        'stateId',
      ].sort(),
    );
    expect(errors.stateId?.message).toBe(REQUIRED);
    expect(errors.legalName?.message).toBe(REQUIRED);
  });

  it('passes with the required fields only (doing-business-as and fax are optional)', async () => {
    expect(await errorsOf(residentStep(0), validResident())).toEqual({});
  });

  it('asks for the industry name when Other is chosen', async () => {
    const values = { ...validResident(), industryId: OTHER_INDUSTRY };
    expect((await errorsOf(residentStep(0), values)).otherIndustryName?.message).toBe(REQUIRED);
    expect(await errorsOf(residentStep(0), { ...values, otherIndustryName: 'Beekeeping' })).toEqual({});
    // Named together with every other missing field, not only once they are all filled.
    const empty = await errorsOf(residentStep(0), { ...residentDefaults(), industryId: OTHER_INDUSTRY });
    expect(empty.otherIndustryName?.message).toBe(REQUIRED);
    expect(empty.legalName?.message).toBe(REQUIRED);
  });

  it.each(['ada example.com', 'ada@example', 'ada@@example.com', 'a da@example.com'])(
    'refuses the email %s with the invalid-email message',
    async (email) => {
      const errors = await errorsOf(residentStep(0), { ...validResident(), contactEmailAddress: email });
      expect(errors.contactEmailAddress?.message).toBe('Please enter a valid email address');
    },
  );
});

describe('resident step 2: registered agent and business address', () => {
  it('needs first and last name of an individual agent, and the company name of a company', async () => {
    const base = validResident();
    const individual = { ...base, registeredAgent: { ...base.registeredAgent, firstName: '', lastName: '' } };
    const errors = await errorsOf(residentStep(1), individual);
    expect(errors.registeredAgent?.firstName?.message).toBe(REQUIRED);
    expect(errors.registeredAgent?.lastName?.message).toBe(REQUIRED);
    expect(errors.registeredAgent?.middleName).toBeUndefined();

    const company = {
      ...base,
      registeredAgent: { ...base.registeredAgent, registeredAgentType: String(REGISTERED_AGENT_TYPE.company) },
    };
    expect((await errorsOf(residentStep(1), company)).registeredAgent?.companyName?.message).toBe(REQUIRED);
  });

  it('requires a county and a 5-digit zip, and checks an optional agent email only when given', async () => {
    const base = validResident();
    const agent = { ...base.registeredAgent, countyId: null, zipCode: '232', emailAddress: 'nope' };
    const errors = await errorsOf(residentStep(1), { ...base, registeredAgent: agent });
    expect(errors.registeredAgent?.countyId?.message).toBe(REQUIRED);
    expect(errors.registeredAgent?.zipCode?.message).toBe('The zip code must contain 5 digits');
    expect(errors.registeredAgent?.emailAddress?.message).toBe('Please enter a valid email address');
    expect(await errorsOf(residentStep(1), base)).toEqual({});
  });

  it('checks a new business address, and ignores the hidden fields of the predefined one', async () => {
    const base = { ...validResident(), businessAddress: { ...validResident().businessAddress, zipCode: '1' } };
    expect(await errorsOf(residentStep(1), base)).toEqual({});
    const errors = await errorsOf(residentStep(1), {
      ...base,
      businessAddressType: String(BUSINESS_ADDRESS_TYPE.new),
    });
    expect(errors.businessAddress?.addressLine1?.message).toBe(REQUIRED);
    expect(errors.businessAddress?.city?.message).toBe(REQUIRED);
    expect(errors.businessAddress?.zipCode?.message).toBe('The zip code must contain 5 digits');
    expect(errors.businessAddress?.emailAddress).toBeUndefined();
  });
});

describe('resident step 3: management, organizers and social security', () => {
  it('requires the management structure of an LLC but not of a Corporation', async () => {
    const values = { ...validResident(), managementStructure: null };
    expect((await errorsOf(residentStep(2), values)).managementStructure?.message).toBe(REQUIRED);
    const corporation = {
      ...values,
      businessEntityType: String(BUSINESS_ENTITY_TYPE.corporation),
      organizers: [{ ...values.organizers[0]!, titles: ['1'] }],
    };
    expect(await errorsOf(residentStep(2), corporation)).toEqual({});
  });

  it("requires each officer's titles in a Corporation", async () => {
    const values = { ...validResident(), businessEntityType: String(BUSINESS_ENTITY_TYPE.corporation) };
    const errors = await errorsOf(residentStep(2), values);
    expect(errors.organizers?.[0]?.titles?.message).toBe('Choose at least one title');
    const blank = await errorsOf(residentStep(2), { ...values, organizers: [emptyOrganizer()] });
    expect(blank.organizers?.[0]?.titles?.message).toBe('Choose at least one title');
    expect(blank.organizers?.[0]?.firstName?.message).toBe(REQUIRED);
  });

  it("requires each organizer's names and share ownership", async () => {
    const values = { ...validResident(), organizers: [validResident().organizers[0]!, emptyOrganizer()] };
    const errors = await errorsOf(residentStep(2), values);
    expect(errors.organizers?.[0]).toBeUndefined();
    expect(errors.organizers?.[1]?.firstName?.message).toBe(REQUIRED);
    expect(errors.organizers?.[1]?.lastName?.message).toBe(REQUIRED);
    expect(errors.organizers?.[1]?.shareOwnership?.message).toBe(REQUIRED);
    expect(errors.organizers?.[1]?.middleName).toBeUndefined();
  });

  it.each(['000-12-3456', '666-12-3456', '912-12-3456', '123-00-4567', '123-45-0000', '123-45-67'])(
    'refuses the social security number %s',
    async (ssn) => {
      const errors = await errorsOf(residentStep(2), { ...validResident(), socialSecurityNumber: ssn });
      expect(errors.socialSecurityNumber?.message).toBe('Please enter a valid social security number');
    },
  );

  it('requires the social security number and its names', async () => {
    const values = {
      ...validResident(),
      socialSecurityNumber: '',
      socialSecurityFirstName: '',
      socialSecurityLastName: ' ',
    };
    const errors = await errorsOf(residentStep(2), values);
    expect(errors.socialSecurityNumber?.message).toBe(REQUIRED);
    expect(errors.socialSecurityFirstName?.message).toBe(REQUIRED);
    expect(errors.socialSecurityLastName?.message).toBe(REQUIRED);
  });
});

describe('the resident payload', () => {
  it('sends no address for the predefined one, null industry for Other, and numbers for ids', () => {
    const input = residentInput(
      { ...validResident(), industryId: OTHER_INDUSTRY, otherIndustryName: 'Beekeeping' },
      'SPRING',
    );
    expect(input).toMatchObject({
      businessEntityType: 1,
      stateId: 47,
      industryId: null,
      otherIndustryName: 'Beekeeping',
      couponCode: 'SPRING',
      businessAddressType: 1,
      businessAddress: null,
      managementStructure: 2,
      registeredAgent: { registeredAgentType: 1, countyId: 12, zipCode: '23219' },
      organizers: [{ titles: [], isDirector: false, shareOwnership: '100' }],
    });
  });

  it("drops the titles and director switch an LLC's organizers cannot have", () => {
    const values = validResident();
    values.organizers = [{ ...values.organizers[0]!, titles: ['1'], isDirector: true }];
    expect(residentInput(values, null).organizers[0]).toMatchObject({ titles: [], isDirector: false });
  });
});

const validNonResident = (): NonResidentValues => ({
  ...nonResidentDefaults(),
  businessEntityType: String(BUSINESS_ENTITY_TYPE.corporation),
  stateId: '9',
  legalName: 'Harbor Trading',
  industryId: '3',
  contactFirstName: 'Lin',
  contactLastName: 'Wei',
  contactEmailAddress: 'lin@example.com',
  contactPhoneNumber: '+44 20 7946 0000',
  organizers: [
    {
      ...emptyOrganizer(),
      titles: ['1', '3'],
      isDirector: true,
      firstName: 'Lin',
      lastName: 'Wei',
      shareOwnership: '100',
      mainPageOfPassport: pdf(),
    },
  ],
});

describe('non-resident steps', () => {
  it('step 1 asks only for the company: state, legal name and industry', async () => {
    const errors = await errorsOf(nonResidentStep(0), nonResidentDefaults());
    expect(Object.keys(errors).sort()).toEqual(['industryId', 'legalName', 'stateId']);
  });

  it('step 2 asks for the contact: names, phone and a valid email', async () => {
    const errors = await errorsOf(nonResidentStep(1), { ...nonResidentDefaults(), contactEmailAddress: 'x@y' });
    expect(errors.contactFirstName?.message).toBe(REQUIRED);
    expect(errors.contactLastName?.message).toBe(REQUIRED);
    expect(errors.contactPhoneNumber?.message).toBe(REQUIRED);
    expect(errors.contactEmailAddress?.message).toBe('Please enter a valid email address');
    expect(await errorsOf(nonResidentStep(1), validNonResident())).toEqual({});
  });

  it('step 3 requires a passport of an accepted type under 20,000,000 bytes', async () => {
    const withPassport = (file: File | null) => {
      const values = validNonResident();
      values.organizers = [{ ...values.organizers[0]!, mainPageOfPassport: file }];
      return values;
    };
    const step = nonResidentStep(2);
    expect(await errorsOf(step, withPassport(pdf()))).toEqual({});
    expect(await errorsOf(step, withPassport(pdf('scan.JPG')))).toEqual({});
    expect((await errorsOf(step, withPassport(null))).organizers?.[0]?.mainPageOfPassport?.message).toBe(REQUIRED);
    expect((await errorsOf(step, withPassport(pdf('scan.gif')))).organizers?.[0]?.mainPageOfPassport?.message).toBe(
      'The file must be a PNG, JPEG, JPG, PDF, DOC or DOCX file',
    );
    const tooLarge = withPassport(pdf('big.pdf', 20_000_000));
    expect((await errorsOf(step, tooLarge)).organizers?.[0]?.mainPageOfPassport?.message).toBe(
      'The file must be smaller than 20 MB',
    );
  });

  it('step 3 takes no social security number, but checks one when given', async () => {
    const step = nonResidentStep(2);
    expect(await errorsOf(step, validNonResident())).toEqual({});
    const errors = await errorsOf(step, { ...validNonResident(), socialSecurityNumber: '666-12-3456' });
    expect(errors.socialSecurityNumber?.message).toBe('Please enter a valid social security number');
    expect(errors.socialSecurityFirstName).toBeUndefined();
  });
});

describe('the non-resident multipart body', () => {
  it('uses dotted names, leaves empty values out and attaches each passport', () => {
    const values = validNonResident();
    values.businessAddressType = String(BUSINESS_ADDRESS_TYPE.new);
    values.businessAddress = {
      ...values.businessAddress,
      addressLine1: '1 Harbor Rd',
      city: 'Dover',
      zipCode: '19901',
    };
    const form = nonResidentFormData(values);
    expect(form.get('businessAddress.addressLine1')).toBe('1 Harbor Rd');
    expect(form.get('organizers[0].firstName')).toBe('Lin');
    expect(form.getAll('organizers[0].titles[0]')).toEqual(['1']);
    expect(form.get('organizers[0].titles[1]')).toBe('3');
    expect(form.get('organizers[0].isDirector')).toBe('true');
    expect((form.get('organizers[0].mainPageOfPassport') as File).name).toBe('passport.pdf');
    expect(form.has('doingBusinessAs')).toBe(false);
    expect(form.has('businessAddress.addressLine2')).toBe(false);
    expect(form.has('socialSecurityNumber')).toBe(false);
    expect(form.has('organizers[0].middleName')).toBe(false);
  });

  it("sends no director switch for an LLC's organizers", () => {
    const values = { ...validNonResident(), businessEntityType: String(BUSINESS_ENTITY_TYPE.llc) };
    const form = nonResidentFormData(values);
    expect(form.has('organizers[0].isDirector')).toBe(false);
    expect(form.has('organizers[0].titles[0]')).toBe(false);
  });
});
