import { describe, expect, it } from 'vitest';
import { DISCOUNT_TYPE } from '../coupons/coupons.schema.js';
import {
  nonResidentFormationFees,
  residentFormationFees,
  serviceFeeDiscountCents,
  stateFilingFeeCents,
  type FormationCoupon,
} from './formation-fees.js';
import { BUSINESS_ENTITY_TYPE, FORMATION_FEES } from './formation.schema.js';

// Resident filing fees as the reference data ships them (LLC, Corporation), in dollars.
const STATES = {
  Virginia: { llcFilingFeeForResidents: 100, corporationFilingFeeForResidents: 75 },
  California: { llcFilingFeeForResidents: 70, corporationFilingFeeForResidents: 100 },
  Delaware: { llcFilingFeeForResidents: 110, corporationFilingFeeForResidents: 89 },
  Arizona: { llcFilingFeeForResidents: 50, corporationFilingFeeForResidents: 60 },
  // A fee with cents whose 6% falls on a half cent: 0.06 x 112.25 = 6.735.
  Fictional: { llcFilingFeeForResidents: 112.25, corporationFilingFeeForResidents: 0.25 },
} as const;

const LLC = BUSINESS_ENTITY_TYPE.llc;
const CORP = BUSINESS_ENTITY_TYPE.corporation;
const fixed = (dollars: number): FormationCoupon => ({ discountType: DISCOUNT_TYPE.fixed, discountValue: dollars });
const percent = (value: number): FormationCoupon => ({ discountType: DISCOUNT_TYPE.percentage, discountValue: value });

describe('resident formation fees', () => {
  // [state, entity type, coupon, filing, processing, discount, total] in cents.
  const table: Array<[keyof typeof STATES, 1 | 2, FormationCoupon | null, number, number, number, number]> = [
    ['Virginia', LLC, null, 10_000, 600, 0, 25_600],
    ['Virginia', CORP, null, 7_500, 450, 0, 22_950],
    ['Virginia', LLC, fixed(50), 10_000, 600, 5_000, 20_600],
    ['Virginia', CORP, percent(10), 7_500, 450, 1_500, 21_450],
    ['California', LLC, percent(100), 7_000, 420, 15_000, 7_420],
    ['California', CORP, fixed(25.5), 10_000, 600, 2_550, 23_050],
    ['Delaware', LLC, fixed(200), 11_000, 660, 15_000, 11_660],
    ['Delaware', CORP, percent(33.33), 8_900, 534, 5_000, 19_434],
    ['Arizona', LLC, percent(15), 5_000, 300, 2_250, 18_050],
    ['Arizona', CORP, fixed(0), 6_000, 360, 0, 21_360],
    ['Fictional', LLC, null, 11_225, 674, 0, 26_899],
    ['Fictional', CORP, percent(12.5), 25, 2, 1_875, 13_152],
  ];

  it.each(table)('%s, entity type %i, coupon %j', (state, type, coupon, filing, processing, discount, total) => {
    const filingFee = stateFilingFeeCents(STATES[state], type);
    expect(filingFee).toBe(filing);
    expect(residentFormationFees(filingFee!, coupon)).toEqual({
      stateFilingFeeCents: filing,
      processingFeeCents: processing,
      serviceFeeCents: FORMATION_FEES.serviceFeeCents,
      discountCents: discount,
      totalCents: total,
    });
  });

  it('prices the issue example: a Virginia LLC without a coupon is $256.00', () => {
    expect(residentFormationFees(stateFilingFeeCents(STATES.Virginia, LLC)!, null).totalCents).toBe(25_600);
  });

  it('has no fee where the state forms no companies', () => {
    expect(
      stateFilingFeeCents({ llcFilingFeeForResidents: null, corporationFilingFeeForResidents: null }, LLC),
    ).toBeNull();
  });

  it('never takes more than the service fee off, nor adds to it', () => {
    expect(serviceFeeDiscountCents(15_000, fixed(1_000_000))).toBe(15_000);
    expect(serviceFeeDiscountCents(15_000, percent(100))).toBe(15_000);
    expect(serviceFeeDiscountCents(15_000, fixed(-5))).toBe(0);
    expect(serviceFeeDiscountCents(15_000, null)).toBe(0);
  });

  it('reads the discount types of spec 02 (1 percentage, 2 fixed), not the numbering of spec 03', () => {
    expect(serviceFeeDiscountCents(15_000, { discountType: 1, discountValue: 20 })).toBe(3_000);
    expect(serviceFeeDiscountCents(15_000, { discountType: 2, discountValue: 20 })).toBe(2_000);
  });
});

describe('non-resident formation fees', () => {
  it('is a fixed 500: the government fee line and the service fee', () => {
    expect(nonResidentFormationFees()).toEqual({
      stateFilingFeeCents: 35_000,
      processingFeeCents: 0,
      serviceFeeCents: 15_000,
      discountCents: 0,
      totalCents: FORMATION_FEES.nonResidentTotalCents,
    });
  });
});
