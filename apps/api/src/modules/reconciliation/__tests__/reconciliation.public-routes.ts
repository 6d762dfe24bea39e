// Plaid's webhook: called by Plaid, not a signed-in user; it proves itself with the Plaid-Verification
// JWT over the body (checked before anything is done; failed checks are throttled per IP). 404 when
// Plaid is not configured.
export const publicRoutes: string[] = ['POST /api/v1/document/reconciliation/plaid/webhook'];
