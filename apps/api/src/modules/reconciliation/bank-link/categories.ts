/** The codes of `transaction_categories` (migration 0018); providers' categories map onto them. */
export const TRANSACTION_CATEGORY_CODES = [
  'income',
  'payroll',
  'rent',
  'utilities',
  'card-payment',
  'transfer',
  'loan',
  'groceries',
  'food-and-drink',
  'software',
  'office',
  'merchandise',
  'services',
  'insurance',
  'taxes',
  'travel',
  'transportation',
  'entertainment',
  'medical',
  'fees',
  'other',
] as const;
export type TransactionCategoryCode = (typeof TRANSACTION_CATEGORY_CODES)[number];

/** Plaid's detailed personal-finance categories that deserve a category of their own. */
const PLAID_DETAILED: Record<string, TransactionCategoryCode> = {
  LOAN_PAYMENTS_CREDIT_CARD_PAYMENT: 'card-payment',
  FOOD_AND_DRINK_GROCERIES: 'groceries',
  GENERAL_MERCHANDISE_OFFICE_SUPPLIES: 'office',
  GENERAL_SERVICES_INSURANCE: 'insurance',
  RENT_AND_UTILITIES_RENT: 'rent',
  GENERAL_SERVICES_ACCOUNTING_AND_FINANCIAL_PLANNING: 'services',
  GENERAL_SERVICES_CONSULTING_AND_LEGAL: 'services',
};

const PLAID_PRIMARY: Record<string, TransactionCategoryCode> = {
  INCOME: 'income',
  TRANSFER_IN: 'transfer',
  TRANSFER_OUT: 'transfer',
  LOAN_PAYMENTS: 'loan',
  BANK_FEES: 'fees',
  ENTERTAINMENT: 'entertainment',
  FOOD_AND_DRINK: 'food-and-drink',
  GENERAL_MERCHANDISE: 'merchandise',
  HOME_IMPROVEMENT: 'merchandise',
  MEDICAL: 'medical',
  PERSONAL_CARE: 'other',
  GENERAL_SERVICES: 'services',
  GOVERNMENT_AND_NON_PROFIT: 'taxes',
  TRANSPORTATION: 'transportation',
  TRAVEL: 'travel',
  RENT_AND_UTILITIES: 'utilities',
};

/** Plaid's personal_finance_category → our code (unknown → 'other'; none → null). */
export function categoryFromPlaid(category: { primary: string; detailed: string } | null | undefined) {
  if (!category) return null;
  return PLAID_DETAILED[category.detailed] ?? PLAID_PRIMARY[category.primary] ?? 'other';
}
