import { describe, expect, it } from 'vitest';
import { isValidSsn } from './ssn-rule.js';

describe('the SSN rule', () => {
  it.each(['123-45-6789', '001-01-0001', '665-99-9999', '667-12-3456', '899-01-0001'])('accepts %s', (ssn) => {
    expect(isValidSsn(ssn)).toBe(true);
  });

  it.each([
    ['000-12-3456', 'area 000'],
    ['666-12-3456', 'area 666'],
    ['900-12-3456', 'area 9xx'],
    ['999-12-3456', 'area 9xx'],
    ['123-00-4567', 'group 00'],
    ['123-45-0000', 'serial 0000'],
    ['123456789', 'no mask'],
    ['123-45-678', 'too short'],
    ['123-45-67890', 'too long'],
    ['12a-45-6789', 'a letter'],
    [' 123-45-6789', 'a space'],
    ['', 'empty'],
  ])('refuses %s (%s)', (ssn) => {
    expect(isValidSsn(ssn)).toBe(false);
  });
});
