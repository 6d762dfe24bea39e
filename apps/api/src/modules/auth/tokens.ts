import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

const ISSUER = 'ledgerport';
const AUDIENCE = 'ledgerport-api';

export interface AccessTokenClaims {
  userId: number;
  sessionId: string;
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;

/** Short-lived HS256 access tokens; `iss`, `aud` and `exp` are checked on every request. */
export function createAccessTokens({ secret, ttlSeconds }: { secret: string; ttlSeconds: number }) {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    async sign(claims: AccessTokenClaims): Promise<string> {
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    /** Returns null for any token that is not one of ours, altered, or expired. */
    async verify(token: string): Promise<AccessTokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || userId <= 0 || typeof payload.sid !== 'string') return null;
        return { userId, sessionId: payload.sid };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
