import { eq } from 'drizzle-orm';
import { CONTRACTOR_SERVICE_FEE_CENTS, CONTRACTOR_TYPE, currentTaxYear, type ContractorType } from '@ledgerport/shared';
import type { Db } from '../../../db/client.js';
import { contractors, states } from '../../../db/schema/index.js';

/**
 * A contractor written straight to the table, for what the forms cannot make: another tax year, a
 * total payment of 0 (an imported record). Its identification number is not decryptable unless
 * `identificationNumberEncrypted` comes from the app's own field crypto, so tests that read it in full
 * create contractors through the API instead.
 */
export async function insertContractor(
  db: Db,
  {
    clientId,
    contractorType = CONTRACTOR_TYPE.business,
    taxYear = currentTaxYear(),
    totalPaymentCents = 120_000,
    name = 'Fixture Contractor',
    identificationNumberEncrypted = 'not-decryptable',
  }: {
    clientId: number;
    contractorType?: ContractorType;
    taxYear?: number;
    totalPaymentCents?: number;
    name?: string;
    identificationNumberEncrypted?: string;
  },
): Promise<number> {
  const [state] = await db.select({ id: states.id }).from(states).where(eq(states.code, 'NY')).limit(1);
  const business = contractorType === CONTRACTOR_TYPE.business;
  const [row] = await db
    .insert(contractors)
    .values({
      clientId,
      taxYear,
      contractorType,
      businessName: business ? name : null,
      firstName: business ? null : name.split(' ')[0]!,
      lastName: business ? null : (name.split(' ')[1] ?? 'Fixture'),
      identificationNumberEncrypted,
      identificationNumberLast4: '6789',
      addressLine1: '1 Main Street',
      city: 'Albany',
      stateId: state!.id,
      zipCode: '12207',
      totalPaymentCents,
      serviceFeeCents: CONTRACTOR_SERVICE_FEE_CENTS,
    })
    .returning({ id: contractors.id });
  return row!.id;
}

/** A valid business contractor body (dollars, as the form sends). */
export function businessBody(stateId: number, overrides: Record<string, unknown> = {}) {
  return {
    contractorType: CONTRACTOR_TYPE.business,
    businessName: '  Acme Design LLC  ',
    employerIdentificationNumber: '12-3456789',
    addressLine1: '1 Main Street',
    addressLine2: '',
    city: 'Albany',
    stateId,
    zipCode: '12207',
    totalPayment: 1250.5,
    ...overrides,
  };
}

export function individualBody(stateId: number, overrides: Record<string, unknown> = {}) {
  return {
    contractorType: CONTRACTOR_TYPE.individual,
    firstName: 'Jane',
    lastName: 'Doe',
    socialSecurityNumberOrTaxpayerIdentificationNumber: '987-65-4321',
    addressLine1: '2 Elm Street',
    city: 'Buffalo',
    stateId,
    zipCode: '14201',
    totalPayment: '800.00',
    ...overrides,
  };
}

export async function stateId(db: Db, code = 'NY'): Promise<number> {
  const [state] = await db.select({ id: states.id }).from(states).where(eq(states.code, code)).limit(1);
  return state!.id;
}
