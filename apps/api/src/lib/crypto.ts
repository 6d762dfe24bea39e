import { createHash, randomBytes } from 'node:crypto';

/** An opaque, unguessable token (256 random bits), URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
