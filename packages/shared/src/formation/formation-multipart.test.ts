import { describe, expect, it } from 'vitest';
import { nestMultipartFields, parseMultipartFieldName, toMultipartFields } from './formation-multipart.js';
import { nonResidentFormationFieldsSchema } from './formation.schema.js';

describe('dotted multipart names', () => {
  it('flattens the wizard values, leaving empty values out, and nests them back', () => {
    const values = {
      businessEntityType: 2,
      legalName: 'Harbour Imports',
      doingBusinessAs: '',
      industryId: null,
      businessAddress: { addressLine1: '2 Harbour Road', addressLine2: undefined, zipCode: '23510' },
      organizers: [{ titles: [1, 4], firstName: 'Kenji', isDirector: true }],
    };
    const fields = toMultipartFields(values);
    expect(fields).toEqual([
      ['businessEntityType', '2'],
      ['legalName', 'Harbour Imports'],
      ['businessAddress.addressLine1', '2 Harbour Road'],
      ['businessAddress.zipCode', '23510'],
      ['organizers[0].titles[0]', '1'],
      ['organizers[0].titles[1]', '4'],
      ['organizers[0].firstName', 'Kenji'],
      ['organizers[0].isDirector', 'true'],
    ]);
    expect(nestMultipartFields(fields)).toEqual({
      businessEntityType: '2',
      legalName: 'Harbour Imports',
      businessAddress: { addressLine1: '2 Harbour Road', zipCode: '23510' },
      organizers: [{ titles: ['1', '4'], firstName: 'Kenji', isDirector: 'true' }],
    });
  });

  it('reads names in any case and ignores names that are not part of the form', () => {
    expect(parseMultipartFieldName('ORGANIZERS[1].FirstName')).toEqual(['organizers', 1, 'firstName']);
    expect(parseMultipartFieldName('__proto__.polluted')).toBeNull();
    expect(parseMultipartFieldName('organizers[999].firstName')).toBeNull();
    expect(nestMultipartFields([['constructor.prototype', 'x']])).toEqual({});
  });

  it('gives the schema numbers and booleans from text', () => {
    const parsed = nonResidentFormationFieldsSchema.safeParse(
      nestMultipartFields([
        ['businessEntityType', '2'],
        ['stateId', '47'],
        ['legalName', 'Harbour Imports'],
        ['industryId', '3'],
        ['contactFirstName', 'Kenji'],
        ['contactLastName', 'Sato'],
        ['contactEmailAddress', 'kenji@example.com'],
        ['contactPhoneNumber', '+81 3 5555 0100'],
        ['businessAddressType', '1'],
        ['organizers[0].titles[0]', '1'],
        ['organizers[0].firstName', 'Kenji'],
        ['organizers[0].lastName', 'Sato'],
        ['organizers[0].shareOwnership', '100'],
        ['organizers[0].isDirector', 'true'],
      ]),
    );
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      businessEntityType: 2,
      stateId: 47,
      industryId: 3,
      businessAddress: null,
      socialSecurityNumber: null,
      organizers: [{ titles: [1], shareOwnership: 100, isDirector: true }],
    });
  });
});
