import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { lt, sql } from 'drizzle-orm';
import { CAPTCHA_FIELD, CAPTCHA_REQUIRED_MESSAGE, ERROR_CODE, type CaptchaSettingsDto } from '@ledgerport/shared';
import type { AppConfig } from '../../config/index.js';
import type { Db } from '../../db/client.js';
import { usedCaptchaChallenges } from '../../db/schema/index.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';

/** How long a challenge may be solved and sent; also how long a used one is remembered. */
export const ALTCHA_TTL_SECONDS = 10 * 60;
/**
 * The solver tries counters from 0 up to the secret one: on average half of this many SHA-256
 * rounds, well under a second in a browser, yet a cost for scripted mass sign-ups.
 */
export const ALTCHA_MAX_COUNTER = 50_000;
const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export interface Captcha {
  settings(): CaptchaSettingsDto;
  /** A signed ALTCHA challenge (404 when reCAPTCHA is the configured captcha). */
  challenge(): Promise<Challenge>;
  /** Throws the required-field 400 unless the token is a fresh, valid, unused solution. */
  verify(token: string | null | undefined, ipAddress: string): Promise<void>;
}

function captchaRequired(): BadRequestError {
  return new BadRequestError(CAPTCHA_REQUIRED_MESSAGE, ERROR_CODE.validation, [
    { in: 'body', field: CAPTCHA_FIELD, message: CAPTCHA_REQUIRED_MESSAGE },
  ]);
}

/** The widget sends base64 of JSON `{challenge, solution}`; plain JSON is accepted too. */
function decodePayload(token: string): Payload | null {
  const trimmed = token.trim();
  const text = trimmed.startsWith('{') ? trimmed : Buffer.from(trimmed, 'base64').toString('utf8');
  try {
    const payload = JSON.parse(text) as Partial<Payload>;
    if (!payload || typeof payload !== 'object' || !payload.challenge?.parameters || !payload.solution) return null;
    return payload as Payload;
  } catch {
    return null;
  }
}

/**
 * ALTCHA (self-hosted proof of work, altcha-lib v2 challenges) by default; Google reCAPTCHA when
 * its keys are configured (DESIGN.md section 8). Used ALTCHA challenges are recorded in the
 * database until they expire, so a solution works once, whichever API process receives it.
 */
export function createCaptcha(deps: {
  db: Db;
  config: Pick<AppConfig, 'recaptcha'>;
  hmacKey: string;
  maxCounter?: number;
  fetch?: typeof fetch;
}): Captcha {
  const { db, config, hmacKey } = deps;
  const maxCounter = deps.maxCounter ?? ALTCHA_MAX_COUNTER;
  const doFetch = deps.fetch ?? fetch;

  async function verifyAltcha(token: string): Promise<void> {
    const payload = decodePayload(token);
    if (!payload) throw captchaRequired();
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: hmacKey,
      hmacKeySignatureSecret: hmacKey,
    }).catch(() => null);
    if (!result?.verified || !payload.challenge.signature) throw captchaRequired();
    const expiresAt = new Date((payload.challenge.parameters.expiresAt ?? 0) * 1000);
    await db.delete(usedCaptchaChallenges).where(lt(usedCaptchaChallenges.expiresAt, sql`now()`));
    const [fresh] = await db
      .insert(usedCaptchaChallenges)
      .values({ signature: payload.challenge.signature, expiresAt })
      .onConflictDoNothing()
      .returning({ signature: usedCaptchaChallenges.signature });
    if (!fresh) throw captchaRequired();
  }

  async function verifyRecaptcha(token: string, secretKey: string, ipAddress: string): Promise<void> {
    const body = new URLSearchParams({ secret: secretKey, response: token, remoteip: ipAddress });
    const answer = await doFetch(RECAPTCHA_VERIFY_URL, { method: 'POST', body, signal: AbortSignal.timeout(10_000) })
      .then((response) => (response.ok ? (response.json() as Promise<{ success?: boolean }>) : null))
      .catch(() => null);
    if (answer?.success !== true) throw captchaRequired();
  }

  return {
    settings() {
      return config.recaptcha ? { provider: 'recaptcha', siteKey: config.recaptcha.siteKey } : { provider: 'altcha' };
    },

    async challenge() {
      if (config.recaptcha) throw new NotFoundError('The captcha in use is reCAPTCHA.');
      return createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(maxCounter),
        deriveKey,
        expiresAt: Math.floor(Date.now() / 1000) + ALTCHA_TTL_SECONDS,
        hmacSignatureSecret: hmacKey,
        hmacKeySignatureSecret: hmacKey,
      });
    },

    async verify(token, ipAddress) {
      if (!token || token.trim() === '') throw captchaRequired();
      if (config.recaptcha) return verifyRecaptcha(token, config.recaptcha.secretKey, ipAddress);
      return verifyAltcha(token);
    },
  };
}
