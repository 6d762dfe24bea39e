import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FieldDecryptionError, createFieldCrypto, digitsOnly } from '../field-crypto.js';

const crypto = createFieldCrypto(randomBytes(32));

describe('field encryption', () => {
  it('round-trips a value and never stores it in the clear', () => {
    const stored = crypto.encrypt('123-45-6789');
    expect(stored).toMatch(/^v1\.[\w-]+$/);
    expect(stored).not.toContain('6789');
    expect(crypto.decrypt(stored)).toBe('123-45-6789');
  });

  it('gives the same value a different ciphertext each time', () => {
    expect(crypto.encrypt('12-3456789')).not.toBe(crypto.encrypt('12-3456789'));
  });

  it('refuses a tampered or foreign value', () => {
    const stored = crypto.encrypt('123-45-6789');
    const raw = Buffer.from(stored.slice(3), 'base64url');
    raw[raw.length - 1] = raw[raw.length - 1]! ^ 1;
    expect(() => crypto.decrypt(`v1.${raw.toString('base64url')}`)).toThrow(FieldDecryptionError);
    expect(() => createFieldCrypto(randomBytes(32)).decrypt(stored)).toThrow(FieldDecryptionError);
    expect(() => crypto.decrypt('plain text')).toThrow(FieldDecryptionError);
  });

  it('builds a deterministic, keyed blind index of the normalised value', () => {
    expect(crypto.blindIndex(digitsOnly('123-45-6789'))).toBe(crypto.blindIndex(digitsOnly('123456789')));
    expect(crypto.blindIndex('123456789')).not.toBe(crypto.blindIndex('123456780'));
    expect(createFieldCrypto(randomBytes(32)).blindIndex('123456789')).not.toBe(crypto.blindIndex('123456789'));
  });

  it('refuses a short key', () => {
    expect(() => createFieldCrypto(randomBytes(16))).toThrow(/32 bytes/);
  });
});
