import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The shared contract's schema validates the form; only the words are the web app's: a missing or
 * blank value is "This field is required", a too long one "This value is too long".
 */
export function formResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  t: TFunction,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return zodResolver(schema, {
    error: (issue) => (issue.code === 'too_big' ? t('common.validation.tooLong') : t('common.validation.required')),
  }) as Resolver<z.input<S>, unknown, z.output<S>>;
}
