/**
 * The plans offered after the estimate (spec 03 section 9). Payment happens on the firm's external
 * payment pages; these addresses are the firm's to set.
 */
export const TAX_PLANNING_PAYMENT_LINKS = {
  session: 'https://ledgerport.example/pay/tax-planning-session',
  freedomMonthly: 'https://ledgerport.example/pay/freedom-plan-monthly',
  freedomAnnual: 'https://ledgerport.example/pay/freedom-plan-annual',
} as const;

export const SESSION_FEATURES = [
  'planningSession',
  'taxReturnReview',
  'structureAnalysis',
  'deductionsReport',
  'taxCredits',
  'retirementPlan',
  'implementationGuide',
] as const;

export const FREEDOM_FEATURES = [
  'companyFormation',
  'sCorpElection',
  'bookkeeping',
  'payroll',
  'quarterlyEstimates',
  'businessTaxReturn',
] as const;
