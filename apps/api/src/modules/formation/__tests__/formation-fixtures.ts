import { and, eq } from 'drizzle-orm';
import {
  BUSINESS_ADDRESS_TYPE,
  BUSINESS_ENTITY_TYPE,
  MANAGEMENT_STRUCTURE,
  REGISTERED_AGENT_TYPE,
  toMultipartFields,
} from '@ledgerport/shared';
import type { Db } from '../../../db/client.js';
import { counties, industries, states } from '../../../db/schema/index.js';
import { pdfBytes } from '../../../testing/documents-factories.js';
import { multipartBody, type FormPart } from '../../documents/__tests__/multipart.js';

export const RESIDENT_URL = '/api/v1/company/companies/resident';
export const NON_RESIDENT_URL = '/api/v1/company/companies/non-resident';

export interface FormationReference {
  virginiaId: number;
  /** A Virginia county: valid for a Virginia registered agent. */
  virginiaCountyId: number;
  /** A Maryland county: not one of Virginia's. */
  marylandCountyId: number;
  industryId: number;
}

export async function formationReference(db: Db): Promise<FormationReference> {
  const [virginia] = await db.select({ id: states.id }).from(states).where(eq(states.code, 'VA'));
  const [maryland] = await db.select({ id: states.id }).from(states).where(eq(states.code, 'MD'));
  const [vaCounty] = await db
    .select({ id: counties.id })
    .from(counties)
    .where(and(eq(counties.stateId, virginia!.id), eq(counties.name, 'Albemarle County')));
  const [mdCounty] = await db
    .select({ id: counties.id })
    .from(counties)
    .where(and(eq(counties.stateId, maryland!.id), eq(counties.name, 'Kent County')));
  const [industry] = await db.select({ id: industries.id }).from(industries).where(eq(industries.name, 'Agents'));
  return {
    virginiaId: virginia!.id,
    virginiaCountyId: vaCounty!.id,
    marylandCountyId: mdCounty!.id,
    industryId: industry!.id,
  };
}

/** A valid LLC organizer. */
export const LLC_ORGANIZER = {
  titles: [] as number[],
  firstName: 'Ada',
  lastName: 'Baker',
  middleName: null,
  shareOwnership: '100' as string | number,
  isDirector: false,
};

/** A valid resident LLC in Virginia without a coupon ($256.00). */
export function residentPayload(ref: FormationReference, overrides: Record<string, unknown> = {}) {
  return {
    businessEntityType: BUSINESS_ENTITY_TYPE.llc,
    stateId: ref.virginiaId,
    legalName: 'Blue Ridge Bakery',
    doingBusinessAs: null,
    industryId: ref.industryId,
    otherIndustryName: null,
    contactFirstName: 'Ada',
    contactLastName: 'Baker',
    contactEmailAddress: 'ada.baker@example.com',
    contactPhoneNumber: '(540) 555-0100',
    contactFax: null,
    couponCode: null,
    registeredAgent: {
      registeredAgentType: REGISTERED_AGENT_TYPE.individual,
      companyName: null,
      firstName: 'Grace',
      lastName: 'Agent',
      middleName: null,
      addressLine1: '1 Main Street',
      addressLine2: null,
      city: 'Charlottesville',
      zipCode: '22901',
      emailAddress: null,
      phoneNumber: '(434) 555-0101',
      countyId: ref.virginiaCountyId,
    },
    businessAddressType: BUSINESS_ADDRESS_TYPE.predefined,
    businessAddress: null,
    managementStructure: MANAGEMENT_STRUCTURE.member,
    organizers: [LLC_ORGANIZER],
    socialSecurityNumber: '123-45-6789',
    socialSecurityFirstName: 'Ada',
    socialSecurityLastName: 'Baker',
    ...overrides,
  };
}

/** The text fields of a valid non-resident Corporation with one officer, as the wizard flattens them. */
export function nonResidentFields(ref: FormationReference, overrides: Record<string, unknown> = {}) {
  return toMultipartFields({
    businessEntityType: BUSINESS_ENTITY_TYPE.corporation,
    stateId: ref.virginiaId,
    legalName: 'Harbour Imports',
    industryId: ref.industryId,
    contactFirstName: 'Kenji',
    contactLastName: 'Sato',
    contactEmailAddress: 'kenji.sato@example.com',
    contactPhoneNumber: '+81 3 5555 0100',
    businessAddressType: BUSINESS_ADDRESS_TYPE.new,
    businessAddress: { addressLine1: '2 Harbour Road', city: 'Norfolk', zipCode: '23510' },
    organizers: [{ titles: [1, 4], firstName: 'Kenji', lastName: 'Sato', shareOwnership: '100', isDirector: true }],
    ...overrides,
  });
}

export function nonResidentBody(
  fields: Array<[string, string]>,
  passports: Array<{ index: number; fileName: string; content: Buffer }> = [
    { index: 0, fileName: 'passport.pdf', content: pdfBytes('passport') },
  ],
) {
  const parts: FormPart[] = [
    ...fields.map(([name, value]) => ({ name, value })),
    ...passports.map(({ index, fileName, content }) => ({
      name: `organizers[${index}].mainPageOfPassport`,
      fileName,
      content,
    })),
  ];
  return multipartBody(parts);
}
