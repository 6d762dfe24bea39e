import { z } from 'zod';
import { PASSWORD_PATTERN, TEXT_LIMIT } from './constants.js';

/**
 * Passwords that meet the pattern but head every breach list (DESIGN.md section 5: "a list of
 * common passwords is refused"). Compared case-insensitively; kept short on purpose, since the
 * pattern and argon2 do the rest and the web bundle carries this list too.
 */
const COMMON_PASSWORDS = new Set(
  [
    'password1',
    'password12',
    'password123',
    'password1234',
    'passw0rd',
    'p@ssw0rd',
    'p@ssword1',
    'pa$$w0rd',
    'qwerty1',
    'qwerty12',
    'qwerty123',
    'qwerty1234',
    'qwertyuiop1',
    'azerty1',
    'azerty123',
    'zaq12wsx',
    'abc123',
    'abcd1234',
    'abc12345',
    'aa123456',
    'a123456',
    'a1b2c3',
    'a1b2c3d4',
    'test123',
    'test1234',
    'admin1',
    'admin123',
    'admin1234',
    'administrator1',
    'root123',
    'user123',
    'login123',
    'changeme1',
    'welcome1',
    'welcome12',
    'welcome123',
    'letmein1',
    'letmein123',
    'hello123',
    'iloveyou1',
    'monkey123',
    'dragon123',
    'master123',
    'sunshine1',
    'princess1',
    'football1',
    'baseball1',
    'superman1',
    'batman123',
    'trustno1',
    'michael1',
    'jordan23',
    'charlie1',
    'shadow123',
    'starwars1',
    'spring2024',
    'summer2024',
    'autumn2024',
    'winter2024',
    'spring2025',
    'summer2025',
    'autumn2025',
    'winter2025',
    'spring2026',
    'summer2026',
    'autumn2026',
    'winter2026',
    'january2026',
    'december2026',
    'company1',
    'company123',
    'ledgerport1',
    'ledgerport123',
  ].map((p) => p.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** The contract's message for a common password; the web app shows its own words for it. */
export const PASSWORD_TOO_COMMON = 'PASSWORD_TOO_COMMON';

/** Every new password: the shared pattern (6+ characters, an uppercase letter, a digit), not a common one. */
export const passwordSchema = z
  .string()
  .min(1)
  .max(TEXT_LIMIT.password)
  .regex(PASSWORD_PATTERN)
  .refine((value) => !isCommonPassword(value), { message: PASSWORD_TOO_COMMON });
