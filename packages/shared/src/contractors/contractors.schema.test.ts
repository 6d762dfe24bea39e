import { describe, expect, it } from 'vitest';
import { businessContractorFormSchema, currentTaxYear, taxYearOptions } from './contractors.schema.js';

describe('currentTaxYear', () => {
  it('stays on the previous year through the January 31 filing deadline', () => {
    expect(currentTaxYear(new Date('2026-01-31T23:59:59Z'))).toBe(2025);
    expect(currentTaxYear(new Date('2026-02-01T00:00:00Z'))).toBe(2026);
    expect(currentTaxYear(new Date('2026-12-31T12:00:00Z'))).toBe(2026);
  });

  it('offers the current tax year first, then the six before it', () => {
    expect(taxYearOptions(new Date('2025-01-10T00:00:00Z'))).toEqual([2024, 2023, 2022, 2021, 2020, 2019, 2018]);
  });
});

describe('businessContractorFormSchema', () => {
  const valid = {
    businessName: ' Acme ',
    employerIdentificationNumber: '12-3456789',
    addressLine1: '1 Main',
    city: 'Albany',
    stateId: 1,
    zipCode: '12207',
    totalPayment: '10.50',
  };
  it('trims text and reads the money', () => {
    expect(businessContractorFormSchema.parse(valid)).toMatchObject({ businessName: 'Acme', totalPayment: 10.5 });
  });
  it('refuses 0.00 and more than two decimals', () => {
    expect(businessContractorFormSchema.safeParse({ ...valid, totalPayment: '0.00' }).success).toBe(false);
    expect(businessContractorFormSchema.safeParse({ ...valid, totalPayment: '1.001' }).success).toBe(false);
  });
});
