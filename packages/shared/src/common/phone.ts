import { z } from 'zod';

/**
 * Phone numbers (DESIGN section 7): a US number is stored as its 10 digits ("5552223333") whatever was
 * typed or pasted, and shown as "(555) 222-3333" on every screen and export. A number abroad (a
 * non-resident's contact) must start with + and its country code and is stored in E.164
 * ("+81355550100"). The web app types them through one masked input; the contract normalises, so the
 * API stores one form for any client.
 */
export const PHONE_DIGITS = 10;
export const PHONE_VALIDATION = { format: 'PHONE_FORMAT' } as const;
/** E.164: a country code and the number, 15 digits at most. */
const E164_MIN_DIGITS = 8;
const E164_MAX_DIGITS = 15;

/**
 * The stored form of what was typed: the 10 digits of a US number ("+1 (555) 222-3333" →
 * "5552223333"), "+" and the digits of a number abroad, or null when it is neither.
 */
export function normalizePhone(value: string | null | undefined): string | null {
  if (!value) return null;
  const digits = value.replace(/\D/g, '');
  // A leading country code 1 (typed or pasted as +1) is not part of a stored US number.
  const us = digits.length === PHONE_DIGITS + 1 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (!value.trim().startsWith('+')) return us.length === PHONE_DIGITS ? us : null;
  if (digits.startsWith('1')) return us.length === PHONE_DIGITS && digits.length === PHONE_DIGITS + 1 ? us : null;
  return digits.length >= E164_MIN_DIGITS && digits.length <= E164_MAX_DIGITS ? `+${digits}` : null;
}

/**
 * "(555) 222-3333" for any US number, whatever form it was stored in; a number abroad in E.164;
 * anything else (a value from before the numbers were normalised) as it was typed. Null and blank
 * stay empty.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value || value.trim() === '') return '';
  const stored = normalizePhone(value);
  if (!stored) return value.trim();
  if (stored.startsWith('+')) return stored;
  return `(${stored.slice(0, 3)}) ${stored.slice(3, 6)}-${stored.slice(6)}`;
}

const phoneText = (required: string | undefined) =>
  z
    .string(required ? { message: required } : undefined)
    .trim()
    .max(40)
    .refine((value) => value === '' || normalizePhone(value) !== null, PHONE_VALIDATION.format);

/**
 * A required phone number: blank is `requiredMessage` (the form's own required code), anything that
 * is neither a US number nor "+" and a number abroad is PHONE_FORMAT; the output is the stored form.
 */
export const requiredPhoneSchema = (requiredMessage?: string) =>
  phoneText(requiredMessage)
    // Not aborting: an object's rules across fields (a password confirmation) still run alongside.
    .refine((value) => value !== '', requiredMessage ? { message: requiredMessage } : undefined)
    .transform((value) => normalizePhone(value)!);

/** An optional phone number: absent, null and blank are null; otherwise as `requiredPhoneSchema`. */
export const optionalPhoneSchema = phoneText(undefined)
  .nullish()
  .transform((value) => (value ? normalizePhone(value) : null));
