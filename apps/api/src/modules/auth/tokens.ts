import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

const ISSUER = 'ledgerport';
const AUDIENCE = 'ledgerport-api';

export interface AccessTokenClaims {
  userId: number;
  sessionId: string;
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;

/** Verified tokens one process remembers; the oldest entry goes first. */
export const VERIFIED_TOKEN_CACHE_ENTRIES = 10_000;

/**
 * Short-lived HS256 access tokens; `iss`, `aud` and `exp` are checked on every request. `now` is the
 * clock tokens are stamped and checked by (milliseconds, like Date.now): tests move it on instead of
 * waiting for a token to expire.
 */
export function createAccessTokens({
  secret,
  ttlSeconds,
  now = Date.now,
}: {
  secret: string;
  ttlSeconds: number;
  now?: () => number;
}) {
  const key = new TextEncoder().encode(secret);
  /**
   * A token's signature is checked once per process, then its claims are reused until it expires:
   * the HMAC through WebCrypto was a visible share of every request's CPU (ADR 0009). Only the
   * signature is remembered; whether the session is still live is asked of the database on every
   * request all the same, so a sign-out or a deactivation still applies at once.
   */
  const verified = new Map<string, { claims: AccessTokenClaims; expiresAtMs: number }>();
  return {
    ttlSeconds,
    async sign(claims: AccessTokenClaims): Promise<string> {
      const issuedAt = Math.floor(now() / 1000);
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    /** Returns null for any token that is not one of ours, altered, or expired. */
    async verify(token: string): Promise<AccessTokenClaims | null> {
      const known = verified.get(token);
      if (known) {
        if (now() < known.expiresAtMs) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: new Date(now()),
        });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || userId <= 0 || typeof payload.sid !== 'string') return null;
        const claims = { userId, sessionId: payload.sid };
        if (typeof payload.exp === 'number') {
          verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
          if (verified.size > VERIFIED_TOKEN_CACHE_ENTRIES) verified.delete(verified.keys().next().value!);
        }
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
