export const publicRoutes: string[] = [
  // The card form of the public company-formation pages asks which provider to load.
  'GET /api/v1/company/payments/config',
  // The test processor's confirm from those pages: the client secret is the credential; throttled per IP.
  'POST /api/v1/company/payments/test-processor/confirm',
  // Stripe calls it; the signature on the raw body is the credential.
  'POST /api/v1/company/payments/stripe/webhook',
];
