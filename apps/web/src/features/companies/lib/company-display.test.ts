import { describe, expect, it } from 'vitest';
import { formatUsd, legalNameWithDesignator, orFiller, PAYMENT_STATUS_COLOR } from './company-display';

describe('company display', () => {
  it('puts the designator of the entity type after the legal name', () => {
    expect(legalNameWithDesignator('Blue Ridge', 1)).toBe('Blue Ridge LLC');
    expect(legalNameWithDesignator('Acme', 2)).toBe('Acme Corp.');
    expect(legalNameWithDesignator('Acme', 9)).toBe('Acme');
  });

  it('shows money in US dollars', () => {
    expect(formatUsd(256)).toBe('$256.00');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
  });

  it('shows the filler for empty values only', () => {
    expect(orFiller(null)).toBe('—');
    expect(orFiller('  ')).toBe('—');
    expect(orFiller(0)).toBe('0');
    expect(orFiller('Richmond')).toBe('Richmond');
  });

  it('colours payment statuses as the spec does', () => {
    expect(PAYMENT_STATUS_COLOR).toEqual({ 1: 'orange', 2: 'green', 3: 'red', 4: 'red' });
  });
});
