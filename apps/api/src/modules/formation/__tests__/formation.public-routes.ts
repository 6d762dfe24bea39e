export const publicRoutes: string[] = [
  // Company formation is for prospects without an account (spec 03): each submission is validated,
  // priced on the server, throttled per IP, and answers only the payment's client secret and amount.
  'POST /api/v1/company/companies/resident',
  'POST /api/v1/company/companies/non-resident',
];
