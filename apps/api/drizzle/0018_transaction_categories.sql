-- Reference data: the categories of bank transactions (the transactions search dropdown). Providers'
-- categories map onto these codes (modules/reconciliation/bank-link/categories.ts).
INSERT INTO "transaction_categories" ("code", "name") VALUES
  ('income', 'Income'),
  ('payroll', 'Payroll'),
  ('rent', 'Rent'),
  ('utilities', 'Utilities'),
  ('card-payment', 'Credit card payment'),
  ('transfer', 'Transfers'),
  ('loan', 'Loan payments'),
  ('groceries', 'Groceries'),
  ('food-and-drink', 'Food and drink'),
  ('software', 'Software and subscriptions'),
  ('office', 'Office supplies'),
  ('merchandise', 'General merchandise'),
  ('services', 'Professional services'),
  ('insurance', 'Insurance'),
  ('taxes', 'Taxes and government'),
  ('travel', 'Travel'),
  ('transportation', 'Transportation'),
  ('entertainment', 'Entertainment'),
  ('medical', 'Medical'),
  ('fees', 'Bank fees'),
  ('other', 'Other');
