/**
 * A small mask for digit patterns such as `###-##-####`: keeps the typed digits, drops anything
 * else, and puts the pattern's separators in as the digits reach them.
 */
export function formatDigits(value: string, pattern: string): string {
  const digits = value.replace(/\D/g, '');
  let out = '';
  let next = 0;
  for (const char of pattern) {
    if (next >= digits.length) break;
    if (char === '#') out += digits[next++];
    else out += char;
  }
  return out;
}

export const SSN_MASK = '###-##-####';
export const TIN_MASK = '##-#######';
export const ZIP_MASK = '#####';
