/** Apart from the requests (and their schemas), so that app/early-requests.ts can send one at start. */
export const twoFactorKeys = { status: ['two-factor', 'status'] as const };

export const TWO_FACTOR_STATUS_PATH = '/identity/two-factor';
