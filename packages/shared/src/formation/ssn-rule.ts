import { SSN_PATTERN } from '../common/masks.js';

/** Spec 03 section 5: one message for every way an SSN can be wrong. */
export const SSN_RULE_MESSAGE = 'Please enter a valid social security number.';

/**
 * A social security number as the wizard masks it, `###-##-####`, that the SSA could have issued:
 * the area is not 000, 666 or 9xx, the group is not 00 and the serial is not 0000.
 */
export function isValidSsn(value: string): boolean {
  if (!SSN_PATTERN.test(value)) return false;
  const [area, group, serial] = value.split('-') as [string, string, string];
  if (area === '000' || area === '666' || area.startsWith('9')) return false;
  return group !== '00' && serial !== '0000';
}
