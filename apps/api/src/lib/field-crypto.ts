import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption of sensitive fields at rest (DESIGN.md section 4): SSN, TIN/EIN, birth dates, bank
 * numbers, bank-link tokens, TOTP secrets. AES-256-GCM with a random 96-bit IV per value; the stored
 * text is `v1.<base64url(iv | tag | ciphertext)>`, the version naming the key so keys can rotate.
 * Exact-match search goes through a keyed HMAC "blind index" of the normalised value, never the value.
 * The master key lives outside the database (APP_ENCRYPTION_KEY, or a key file under DATA_DIR/secrets).
 */
export interface FieldCrypto {
  encrypt(plaintext: string): string;
  decrypt(stored: string): string;
  /** Deterministic keyed hash for exact-match lookups; pass the normalised value (e.g. digits only). */
  blindIndex(normalised: string): string;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class FieldDecryptionError extends Error {}

export function createFieldCrypto(masterKey: Buffer): FieldCrypto {
  if (masterKey.length < 32) throw new Error('The encryption key must be at least 32 bytes.');
  // Separate keys for separate purposes, both derived from the one master key.
  const encryptionKey = Buffer.from(
    hkdfSync('sha256', masterKey, Buffer.alloc(0), 'ledgerport field encryption v1', 32),
  );
  const indexKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'ledgerport blind index v1', 32));

  return {
    encrypt(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
    },
    decrypt(stored) {
      const [version, payload] = stored.split('.', 2);
      if (version !== VERSION || !payload) throw new FieldDecryptionError('Unknown encrypted field format.');
      const raw = Buffer.from(payload, 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new FieldDecryptionError('Encrypted field is truncated.');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new FieldDecryptionError('Encrypted field failed its integrity check.');
      }
    },
    blindIndex(normalised) {
      return createHmac('sha256', indexKey).update(normalised, 'utf8').digest('hex');
    },
  };
}

/** Digits only: "123-45-6789" and "123456789" index the same. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}
