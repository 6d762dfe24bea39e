import type { AuthenticateInput } from '@ledgerport/shared';
import { useMutation } from '@tanstack/react-query';
import { AUTHENTICATE_PATH, api } from '@/lib/api-client';

/**
 * Sign-in answers 200 with a resultType for wrong credentials (spec 01 section 4.2); only throttling
 * (429) and server trouble arrive as errors. The refresh token comes back as an HttpOnly cookie.
 */
export async function authenticate(input: AuthenticateInput) {
  // Loaded on demand with zod, off the first paint of /login (see features/auth/lib/login-contract).
  const { authenticateResultSchema } = await import('../lib/login-contract');
  return api.post(AUTHENTICATE_PATH, { body: input, schema: authenticateResultSchema });
}

export function useAuthenticate() {
  return useMutation({ mutationFn: authenticate });
}
