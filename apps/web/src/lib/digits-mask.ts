/** Masks of spec 02 section 5: `#` is a digit, anything else a literal the user does not type. */
export const SSN_MASK = '###-##-####';
export const TIN_MASK = '##-#######';
export const ZIP_MASK = '#####';

/**
 * Formats what was typed or pasted into the mask: non-digits are dropped, literals are inserted only
 * once a digit follows them (so deleting back over a dash works), and extra digits are cut off.
 */
export function formatDigits(value: string, mask: string): string {
  const digits = value.replace(/\D/g, '');
  let result = '';
  let next = 0;
  for (const char of mask) {
    if (next >= digits.length) break;
    if (char === '#') result += digits[next++];
    else result += char;
  }
  return result;
}
