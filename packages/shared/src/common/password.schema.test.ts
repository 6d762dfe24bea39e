import { describe, expect, it } from 'vitest';
import { PASSWORD_TOO_COMMON, isCommonPassword, passwordSchema } from './password.schema.js';

describe('passwordSchema', () => {
  it.each(['Group1', 'Secret1', 'Tr0ub4dor&3', 'Correct-Horse-9'])('accepts %s', (password) => {
    expect(passwordSchema.safeParse(password).success).toBe(true);
  });

  it.each([
    ['too short', 'Ab1'],
    ['no uppercase letter', 'secret1'],
    ['no digit', 'Secrets'],
    ['a character outside the allowed set', 'Secret 1'],
  ])('refuses a password with %s', (_why, password) => {
    expect(passwordSchema.safeParse(password).success).toBe(false);
  });

  it('refuses common passwords whatever their case, with a stable message', () => {
    for (const password of ['Password1', 'PASSWORD1', 'Welcome123', 'Summer2026']) {
      const result = passwordSchema.safeParse(password);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(PASSWORD_TOO_COMMON);
    }
    expect(isCommonPassword('Group1')).toBe(false);
  });
});
