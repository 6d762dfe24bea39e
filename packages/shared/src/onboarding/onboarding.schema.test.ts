import { describe, expect, it } from 'vitest';
import { LEAD_STATUS } from '../common/constants.js';
import { maskBankNumber } from '../leads/leads.schema.js';
import {
  ONBOARDING_STEP,
  QUOTE_FEATURES,
  isCompleteQuote,
  leadContractFileName,
  onboardingStepForStatus,
} from './onboarding.schema.js';

const plan = (id: number, ...names: string[]) => ({ id, services: names.map((name) => ({ name, displayName: name })) });
const plans = [plan(1, 'tax'), plan(2, 'bookkeeping'), plan(3, 'payroll'), plan(4, 'bookkeeping', 'payroll')];

describe('isCompleteQuote', () => {
  it.each([
    [[2, 3], true],
    [[4], true],
    [[2], false],
    [[2, 4], false],
    [[1, 4], false],
    [[99], false],
  ])('plans %j for bookkeeping + payroll -> %s', (chosen, expected) => {
    expect(isCompleteQuote(plans, chosen, ['bookkeeping', 'payroll'])).toBe(expected);
  });
});

describe('leadContractFileName', () => {
  it('is the prefix, the company and the date as MMDDYYYY', () => {
    expect(leadContractFileName('Acme LLC', new Date(Date.UTC(2026, 10, 22)))).toBe('Contract-Acme LLC-11222026.pdf');
  });
  it('never carries a path separator or a character Windows refuses', () => {
    expect(leadContractFileName('A/B: "C"', new Date(Date.UTC(2026, 0, 5)))).toBe('Contract-A_B_ _C_-01052026.pdf');
  });
});

describe('onboardingStepForStatus', () => {
  it('maps each status to the step the wizard resumes at (spec 03 section 4)', () => {
    expect(onboardingStepForStatus(LEAD_STATUS.generalInformation)).toBe(ONBOARDING_STEP.intakeQuestions);
    expect(onboardingStepForStatus(LEAD_STATUS.intakeQuestions)).toBe(ONBOARDING_STEP.quote);
    expect(onboardingStepForStatus(LEAD_STATUS.quote)).toBe(ONBOARDING_STEP.contract);
    expect(onboardingStepForStatus(LEAD_STATUS.contract)).toBe(ONBOARDING_STEP.createAccount);
    expect(onboardingStepForStatus(LEAD_STATUS.createAccount)).toBe(ONBOARDING_STEP.done);
    expect(onboardingStepForStatus(LEAD_STATUS.completed)).toBe(ONBOARDING_STEP.done);
  });
});

it('keeps the feature lists of spec 03 section 9 (5 tax, 10 bookkeeping, 6 payroll)', () => {
  expect([QUOTE_FEATURES.tax.length, QUOTE_FEATURES.bookkeeping.length, QUOTE_FEATURES.payroll.length]).toEqual([
    5, 10, 6,
  ]);
});

it('masks bank numbers to the last four digits', () => {
  expect(maskBankNumber('021000021')).toBe('*****0021');
  expect(maskBankNumber(null)).toBeNull();
});
