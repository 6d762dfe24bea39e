import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import type { App } from '../app.js';
import type { Db } from '../db/client.js';
import { sessions } from '../db/schema/index.js';
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

/** The id of the session an access token belongs to (its `sid` claim), e.g. to read its row. */
export function sessionIdOf(session: Pick<SignedIn, 'accessToken'>): string {
  const { sid } = decodeJwt(session.accessToken);
  if (typeof sid !== 'string') throw new Error('The access token names no session.');
  return sid;
}

/** The client account a session's row holds (ADR 0014), whether or not the user may still use it. */
export async function sessionClientOf(db: Db, session: Pick<SignedIn, 'accessToken'>): Promise<number | null> {
  const [row] = await db
    .select({ clientId: sessions.currentClientId })
    .from(sessions)
    .where(eq(sessions.id, sessionIdOf(session)));
  if (!row) throw new Error('No such session.');
  return row.clientId;
}
