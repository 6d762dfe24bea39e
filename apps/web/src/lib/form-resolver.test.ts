import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { passwordSchema } from '@ledgerport/shared';
import { i18n } from './i18n';
import { formResolver } from './form-resolver';

const schema = z.object({ name: z.string().trim().min(1).max(5), password: passwordSchema });
const resolve = formResolver(schema, i18n.t, { password: i18n.t('common.validation.password') });
const run = (values: { name: string; password: string }) =>
  resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('formResolver', () => {
  it('says "This field is required" for blank fields and "too long" for long ones', async () => {
    const { errors } = await run({ name: '   ', password: '' });
    expect(errors.name?.message).toBe('This field is required');
    expect(errors.password?.message).toBe('This field is required');
    expect((await run({ name: 'Too long', password: 'Group1' })).errors.name?.message).toBe('This value is too long');
  });

  it("uses the field's own message for other rules, and the catalogue's for a common password", async () => {
    expect((await run({ name: 'Ann', password: 'weak' })).errors.password?.message).toBe(
      'The password must have at least 6 characters, including an uppercase letter and a digit',
    );
    expect((await run({ name: 'Ann', password: 'Password1' })).errors.password?.message).toBe(
      'This password is too common. Choose one that is harder to guess.',
    );
  });

  it('passes valid values through, trimmed', async () => {
    const result = await run({ name: ' Ann ', password: 'Group1' });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ name: 'Ann', password: 'Group1' });
  });
});
