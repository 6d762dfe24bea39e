import { describe, expect, it } from 'vitest';
import { EMPTY_VALUE, formatAddress, orEmpty } from './display.js';

describe('formatAddress', () => {
  it('joins every filled part with commas, the state and the zip code too', () => {
    expect(
      formatAddress({
        addressLine1: '12 Main St',
        addressLine2: 'Suite 4',
        city: 'Springfield',
        state: 'Illinois',
        zipCode: '62701',
      }),
    ).toBe('12 Main St, Suite 4, Springfield, Illinois, 62701');
  });

  it('leaves out missing and blank parts, and is null when nothing is filled', () => {
    expect(formatAddress({ addressLine1: '12 Main St', addressLine2: '  ', state: null, zipCode: '62701' })).toBe(
      '12 Main St, 62701',
    );
    expect(formatAddress({ addressLine1: '', city: null })).toBeNull();
  });
});

describe('orEmpty', () => {
  it('shows the one filler for missing and blank values and the value otherwise', () => {
    expect(EMPTY_VALUE).toBe('—');
    expect(orEmpty(null)).toBe(EMPTY_VALUE);
    expect(orEmpty(undefined)).toBe(EMPTY_VALUE);
    expect(orEmpty('  ')).toBe(EMPTY_VALUE);
    expect(orEmpty(' Ann ')).toBe('Ann');
    expect(orEmpty(0)).toBe('0');
  });
});
