/** The tax-planning estimate of spec 03 section 9: a pure function the public estimator shows. */
/** Spec 03 section 9: the estimator accepts single-owner businesses in this net-income band. */
export const NET_INCOME_MIN = 50_000;
export const NET_INCOME_MAX = 300_000;

/** Up to this net income the saving is a share of it; above, the share is capped at this amount's. */
export const NET_INCOME_CAP = 160_000;
/** 10.71 % in basis points of a percent, so the arithmetic stays in integers. */
const INCOME_RATE_PER_10000 = 1_071;
export const FLAT_SAVING_ABOVE_CAP = 17_136;
export const HOUSE_SAVING = 2_100;
export const SAVING_PER_CHILD = 3_600;
export const DRIVING_SAVING = 2_000;
export const MAX_CHILDREN = 5;

export interface TaxPlanningAnswers {
  isBusinessIncorporatedAsSCorp: boolean;
  annualNetIncome: number;
  ownsHouse: boolean;
  numberOfChildren: number;
  drivesForBusiness: boolean;
}

/**
 * The income part of the estimate (spec 03 section 9). The spec defines it only for a business that
 * is not an S-Corp: the saving it stands for is what an S-Corp election brings, which an S-Corp
 * already has, so for an S-Corp it is 0 (decision recorded in docs/tax-planning.md).
 */
export function incomeSaving(annualNetIncome: number, isSCorp: boolean): number {
  if (isSCorp) return 0;
  if (annualNetIncome > NET_INCOME_CAP) return FLAT_SAVING_ABOVE_CAP;
  return Math.round((annualNetIncome * INCOME_RATE_PER_10000) / 10_000);
}

/** Total potential tax savings in whole dollars. */
export function estimateTaxSavings(answers: TaxPlanningAnswers): number {
  const children = Math.min(Math.max(0, Math.trunc(answers.numberOfChildren)), MAX_CHILDREN);
  return (
    incomeSaving(answers.annualNetIncome, answers.isBusinessIncorporatedAsSCorp) +
    (answers.ownsHouse ? HOUSE_SAVING : 0) +
    children * SAVING_PER_CHILD +
    (answers.drivesForBusiness ? DRIVING_SAVING : 0)
  );
}

export function isNetIncomeInScope(annualNetIncome: number): boolean {
  return annualNetIncome >= NET_INCOME_MIN && annualNetIncome <= NET_INCOME_MAX;
}
