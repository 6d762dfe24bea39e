import { describe, expect, it } from 'vitest';
import { estimateTaxSavings, incomeSaving, isNetIncomeInScope, type TaxPlanningAnswers } from './tax-estimate.js';

const base: TaxPlanningAnswers = {
  isBusinessIncorporatedAsSCorp: false,
  annualNetIncome: 100_000,
  ownsHouse: false,
  numberOfChildren: 0,
  drivesForBusiness: false,
};

describe('tax-savings estimate (spec 03 section 9)', () => {
  it.each([
    // [case, overrides, expected total]
    ['10.71% of net income', {}, 10_710],
    ['at the lower bound of the accepted income', { annualNetIncome: 50_000 }, 5_355],
    ['just below the cap', { annualNetIncome: 159_999 }, 17_136],
    ['exactly at the cap', { annualNetIncome: 160_000 }, 17_136],
    ['just above the cap: flat 17136', { annualNetIncome: 160_001 }, 17_136],
    ['at the upper bound: still flat', { annualNetIncome: 300_000 }, 17_136],
    ['rounded to whole dollars', { annualNetIncome: 123_457 }, 13_222],
    ['owns the house: +2100', { ownsHouse: true }, 12_810],
    ['one child: +3600', { numberOfChildren: 1 }, 14_310],
    ['five children: +18000', { numberOfChildren: 5 }, 28_710],
    ['drives for the business: +2000', { drivesForBusiness: true }, 12_710],
    [
      'everything together',
      { ownsHouse: true, numberOfChildren: 2, drivesForBusiness: true },
      10_710 + 2_100 + 7_200 + 2_000,
    ],
    ['S-Corp: no income part', { isBusinessIncorporatedAsSCorp: true }, 0],
    [
      'S-Corp keeps the other parts',
      {
        isBusinessIncorporatedAsSCorp: true,
        annualNetIncome: 200_000,
        ownsHouse: true,
        numberOfChildren: 3,
        drivesForBusiness: true,
      },
      2_100 + 10_800 + 2_000,
    ],
  ] as const)('%s', (_name, overrides, expected) => {
    expect(estimateTaxSavings({ ...base, ...overrides })).toBe(expected);
  });

  it('counts at most five children', () => {
    expect(estimateTaxSavings({ ...base, numberOfChildren: 9 })).toBe(10_710 + 5 * 3_600);
  });

  it('is continuous at the cap', () => {
    expect(incomeSaving(160_000, false)).toBe(incomeSaving(160_001, false));
  });

  it('accepts net income from 50000 to 300000 inclusive', () => {
    expect(isNetIncomeInScope(49_999)).toBe(false);
    expect(isNetIncomeInScope(50_000)).toBe(true);
    expect(isNetIncomeInScope(300_000)).toBe(true);
    expect(isNetIncomeInScope(300_001)).toBe(false);
  });
});
