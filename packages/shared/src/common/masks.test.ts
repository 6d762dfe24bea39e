import { describe, expect, it } from 'vitest';
import { SSN_PATTERN, TIN_PATTERN, maskSsn, maskTin } from './masks.js';

describe('masks', () => {
  it('shows only the last four digits', () => {
    expect(maskSsn('123-45-6789')).toBe('***-**-6789');
    expect(maskSsn('123456789')).toBe('***-**-6789');
    expect(maskTin('12-3456789')).toBe('**-***6789');
    expect(maskSsn(null)).toBeNull();
    expect(maskTin('')).toBeNull();
  });

  it('knows the spec formats', () => {
    expect(SSN_PATTERN.test('123-45-6789')).toBe(true);
    expect(SSN_PATTERN.test('123456789')).toBe(false);
    expect(TIN_PATTERN.test('12-3456789')).toBe(true);
    expect(TIN_PATTERN.test('123-456789')).toBe(false);
  });
});
