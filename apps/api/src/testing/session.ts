import type { App } from '../app.js';
import { REFRESH_COOKIE } from '../modules/auth/auth.routes.js';

export interface SignedIn {
  accessToken: string;
  refreshToken: string;
  permissions: string[];
  userId: number;
}

/** Signs in through the real endpoint, as a client of the API would. */
export async function signIn(app: App, usernameOrEmailAddress: string, password: string): Promise<SignedIn> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/account/authenticate',
    payload: { usernameOrEmailAddress, password },
  });
  const body = response.json();
  if (body.resultType !== 1) throw new Error(`Sign-in failed for ${usernameOrEmailAddress}: ${response.body}`);
  return {
    accessToken: body.user.jwtToken.accessToken,
    refreshToken: body.user.jwtToken.refreshToken,
    permissions: body.permissions,
    userId: body.user.id,
  };
}

export function bearer(session: Pick<SignedIn, 'accessToken'>) {
  return { authorization: `Bearer ${session.accessToken}` };
}

export function refreshCookieFrom(setCookie: string | string[] | undefined): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const match = all.map((c) => new RegExp(`^${REFRESH_COOKIE}=([^;]*)`).exec(c)).find(Boolean);
  return match?.[1];
}
