import { generateSecret, generateURI, verify } from 'otplib';
import { TWO_FACTOR } from '@ledgerport/shared';

const ISSUER = 'Ledgerport';

export function newTotpSecret(): string {
  // 160 bits, the RFC 4226 recommendation and what authenticator apps expect.
  return generateSecret({ length: 20 });
}

export function otpauthUrl(secret: string, accountName: string): string {
  return generateURI({
    issuer: ISSUER,
    label: accountName,
    secret,
    period: TWO_FACTOR.periodSeconds,
    digits: TWO_FACTOR.digits,
  });
}

/**
 * The RFC 6238 time step a code belongs to, when it is valid within one step of now and later than
 * `afterTimeStep` (a code is accepted once: the caller stores the step and passes it back next time).
 */
export async function matchTotp(secret: string, code: string, afterTimeStep: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    period: TWO_FACTOR.periodSeconds,
    digits: TWO_FACTOR.digits,
    epochTolerance: TWO_FACTOR.periodSeconds * TWO_FACTOR.skewSteps,
    ...(afterTimeStep === null ? {} : { afterTimeStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
