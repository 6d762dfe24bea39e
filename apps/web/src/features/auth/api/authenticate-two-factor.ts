import type { TwoFactorSignInInput } from '@ledgerport/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const AUTHENTICATE_TWO_FACTOR_PATH = '/authentication/account/authenticate/two-factor';

/** The second sign-in step: answers like a normal sign-in, with the refresh token as a cookie. */
export async function authenticateTwoFactor(input: TwoFactorSignInInput) {
  const { authenticateResultSchema } = await import('../lib/login-contract');
  return api.post(AUTHENTICATE_TWO_FACTOR_PATH, { body: input, schema: authenticateResultSchema });
}

export function useAuthenticateTwoFactor() {
  return useMutation({ mutationFn: authenticateTwoFactor });
}
