import { describe, expect, it } from 'vitest';
import { formatDigits, SSN_MASK, TIN_MASK, ZIP_MASK } from './digits-mask';

describe('formatDigits', () => {
  it('formats as the digits arrive and drops anything else', () => {
    expect(formatDigits('123', SSN_MASK)).toBe('123');
    expect(formatDigits('1234', SSN_MASK)).toBe('123-4');
    expect(formatDigits('123a45b6789999', SSN_MASK)).toBe('123-45-6789');
    expect(formatDigits('123456789', TIN_MASK)).toBe('12-3456789');
    expect(formatDigits('12-3', TIN_MASK)).toBe('12-3');
    expect(formatDigits('1234567', ZIP_MASK)).toBe('12345');
    expect(formatDigits('', SSN_MASK)).toBe('');
  });

  it('fills the SSN and TIN masks from digits typed or pasted', () => {
    expect(formatDigits('123456789', SSN_MASK)).toBe('123-45-6789');
    expect(formatDigits('12-3456789', TIN_MASK)).toBe('12-3456789');
    expect(formatDigits('12a3', SSN_MASK)).toBe('123');
    expect(formatDigits('1234', SSN_MASK)).toBe('123-4');
    expect(formatDigits('1234567890123', TIN_MASK)).toBe('12-3456789');
    expect(formatDigits('', TIN_MASK)).toBe('');
  });
});
