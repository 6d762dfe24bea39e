import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createUserInputSchema } from '../users/users-admin.schema.js';
import { PHONE_VALIDATION, formatPhone, normalizePhone, optionalPhoneSchema, requiredPhoneSchema } from './phone.js';

describe('phone numbers', () => {
  it('normalise whatever was typed to the 10 digits', () => {
    for (const typed of ['5552223333', '(555) 222-3333', '555-222-3333', '+1 (555) 222-3333', '1 555 222 3333']) {
      expect(normalizePhone(typed), typed).toBe('5552223333');
    }
    expect(normalizePhone('555-0100')).toBeNull();
    expect(normalizePhone('+81 3 5555 0100')).toBe('+81355550100');
    expect(normalizePhone('+44 20 7946 0000')).toBe('+442079460000');
    expect(normalizePhone('+1 555')).toBeNull();
    expect(normalizePhone('')).toBeNull();
  });

  it('show one US format, whichever form was stored', () => {
    expect(formatPhone('5552223333')).toBe('(555) 222-3333');
    expect(formatPhone('555.222.3333')).toBe('(555) 222-3333');
    expect(formatPhone('+44 20 7946 0000')).toBe('+442079460000');
    expect(formatPhone('555-0100')).toBe('555-0100');
    expect(formatPhone(null)).toBe('');
  });

  it('are stored as 10 digits by the contract, and anything else is refused with PHONE_FORMAT', () => {
    const required = requiredPhoneSchema('REQUIRED');
    expect(required.parse(' (555) 222-3333 ')).toBe('5552223333');
    expect(required.safeParse('').error?.issues[0]?.message).toBe('REQUIRED');
    expect(required.safeParse('555-0100').error?.issues[0]?.message).toBe(PHONE_VALIDATION.format);
    expect(optionalPhoneSchema.parse('')).toBeNull();
    expect(optionalPhoneSchema.parse(undefined)).toBeNull();
    expect(optionalPhoneSchema.parse('555 222 3333')).toBe('5552223333');
    expect(z.object({ phone: optionalPhoneSchema }).safeParse({ phone: '12' }).success).toBe(false);
  });

  it('reach the API in one form from the users contract', () => {
    const parsed = createUserInputSchema.safeParse({
      firstName: 'Ann',
      lastName: 'Lee',
      emailAddress: 'ann@example.com',
      phoneNumber: '(555) 222-3333',
      username: 'ann',
      roleId: 3,
      password: 'Secret12',
      confirmPassword: 'Secret12',
    });
    expect(parsed.success ? parsed.data.phoneNumber : parsed.error.issues).toBe('5552223333');
  });
});
