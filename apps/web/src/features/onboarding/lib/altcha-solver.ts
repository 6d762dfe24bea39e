import type { AltchaChallengeDto } from '@ledgerport/shared';

/**
 * A solver for ALTCHA v2 proof-of-work challenges (altcha-lib 2.8, the format the API issues), in
 * WebCrypto so it runs in a worker without the ALTCHA widget: try counters from 0 until the key
 * derived from salt, nonce and counter starts with the challenge's key prefix. The server then
 * checks the key against its signature. Algorithms as altcha-lib names them: SHA-256/384/512 (cost
 * rounds of the digest) and PBKDF2/SHA-256/384/512 (cost iterations).
 */
export interface AltchaSolution {
  counter: number;
  derivedKey: string;
}

const COUNTER_BYTES = 4;
/** Far more than a challenge needs (the API's secret counter stays under 50,000). */
const MAX_COUNTER = 10_000_000;

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (hex.length % 2 !== 0 || !/^[0-9a-f]*$/i.test(hex)) throw new Error('Invalid hex in the challenge');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

type DeriveKey = (salt: Uint8Array<ArrayBuffer>, password: Uint8Array<ArrayBuffer>) => Promise<Uint8Array>;

function keyDeriver(parameters: AltchaChallengeDto['parameters']): DeriveKey {
  const { algorithm, cost, keyLength } = parameters;
  const sha = /^SHA-(256|384|512)$/.exec(algorithm);
  if (sha) {
    return async (salt, password) => {
      const data = new Uint8Array(salt.length + password.length);
      data.set(salt, 0);
      data.set(password, salt.length);
      let key = new Uint8Array(await crypto.subtle.digest(algorithm, data));
      for (let round = 1; round < Math.max(1, cost); round += 1)
        key = new Uint8Array(await crypto.subtle.digest(algorithm, key));
      return key.subarray(0, keyLength);
    };
  }
  const pbkdf2 = /^PBKDF2\/(SHA-(?:256|384|512))$/.exec(algorithm);
  if (pbkdf2) {
    return async (salt, password) => {
      const material = await crypto.subtle.importKey('raw', password, 'PBKDF2', false, ['deriveBits']);
      const bits = await crypto.subtle.deriveBits(
        { name: 'PBKDF2', hash: pbkdf2[1]!, salt, iterations: cost },
        material,
        keyLength * 8,
      );
      return new Uint8Array(bits);
    };
  }
  throw new Error(`Unsupported captcha algorithm ${algorithm}`);
}

export async function solveAltchaChallenge(
  challenge: AltchaChallengeDto,
  signal?: AbortSignal,
): Promise<AltchaSolution | null> {
  const { parameters } = challenge;
  const derive = keyDeriver(parameters);
  const nonce = hexToBytes(parameters.nonce);
  const salt = hexToBytes(parameters.salt);
  const prefix = parameters.keyPrefix.toLowerCase();
  const password = new Uint8Array(nonce.length + COUNTER_BYTES);
  password.set(nonce, 0);
  const view = new DataView(password.buffer);
  for (let counter = 0; counter < MAX_COUNTER; counter += 1) {
    if (signal?.aborted) return null;
    // The counter is appended big-endian as four bytes (altcha-lib's default 'uint32' mode).
    view.setUint32(nonce.length, counter, false);
    const key = bytesToHex(await derive(salt, password));
    if (key.startsWith(prefix)) return { counter, derivedKey: key };
  }
  return null;
}

/** What the API takes as the captcha token: base64 of JSON `{challenge, solution}` (as the widget sends). */
export function altchaPayload(challenge: AltchaChallengeDto, solution: AltchaSolution): string {
  return btoa(JSON.stringify({ challenge, solution }));
}
