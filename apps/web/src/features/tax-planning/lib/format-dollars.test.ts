import { describe, expect, it } from 'vitest';
import { formatDollars } from './format-dollars';

describe('formatDollars', () => {
  it('formats with a dollar prefix and comma separators', () => {
    expect(formatDollars(22_010)).toBe('$22,010');
    expect(formatDollars(1_234_567)).toBe('$1,234,567');
    expect(formatDollars(0)).toBe('$0');
  });
});
