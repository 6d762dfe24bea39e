import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { TWO_FACTOR } from '@ledgerport/shared';

// No 0/O, 1/I/L: the codes get copied by hand from paper.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUP = 5;

/** `xxxxx-xxxxx`: 10 characters from 31 symbols, about 49.5 bits each. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: TWO_FACTOR.recoveryCodeCount }, () => {
    const chars = Array.from({ length: GROUP * 2 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, GROUP)}-${chars.slice(GROUP)}`;
  });
}

/** What the user typed, as stored: lower case, without spaces or dashes. */
export function normaliseRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '');
}

/**
 * Salted SHA-256 rather than argon2: a recovery code carries ~50 random bits (not a human-chosen
 * password), so a slow hash buys nothing against an offline search while checking up to ten codes
 * per attempt with argon2 would cost ~0.5 s of CPU per sign-in. The salt keeps equal codes of two
 * users from sharing a hash.
 */
export function hashRecoveryCode(code: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}:${digest(salt, normaliseRecoveryCode(code))}`;
}

export function recoveryCodeMatches(stored: string, typed: string): boolean {
  const [salt, hash] = stored.split(':', 2);
  if (!salt || !hash) return false;
  const expected = Buffer.from(hash, 'hex');
  const actual = Buffer.from(digest(salt, normaliseRecoveryCode(typed)), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

function digest(salt: string, normalised: string): string {
  return createHash('sha256').update(`${salt}|${normalised}`).digest('hex');
}
