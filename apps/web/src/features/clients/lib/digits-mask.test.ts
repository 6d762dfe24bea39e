import { describe, expect, it } from 'vitest';
import { SSN_MASK, TIN_MASK, formatDigits } from './digits-mask';

describe('formatDigits', () => {
  it('fills the SSN and TIN masks from digits typed or pasted', () => {
    expect(formatDigits('123456789', SSN_MASK)).toBe('123-45-6789');
    expect(formatDigits('12-3456789', TIN_MASK)).toBe('12-3456789');
    expect(formatDigits('12a3', SSN_MASK)).toBe('123');
    expect(formatDigits('1234', SSN_MASK)).toBe('123-4');
    expect(formatDigits('1234567890123', TIN_MASK)).toBe('12-3456789');
    expect(formatDigits('', TIN_MASK)).toBe('');
  });
});
