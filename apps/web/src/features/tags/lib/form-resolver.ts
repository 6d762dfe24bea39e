import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The shared contract's schema validates the form too; only its messages are the web app's own:
 * an empty (or blank, the schema trims) field is "This field is required", whatever rule it broke.
 */
export function formResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  t: TFunction,
  messages: Partial<Record<string, string>> = {},
): Resolver<z.input<S>, unknown, z.output<S>> {
  return zodResolver(schema, {
    error: (issue) => {
      const input = issue.input;
      if (input === undefined || input === null || (typeof input === 'string' && input.trim() === '')) {
        return t('common.validation.required');
      }
      if (issue.code === 'too_big') return t('common.validation.tooLong');
      const field = String(issue.path?.[0] ?? '');
      return messages[field];
    },
  }) as Resolver<z.input<S>, unknown, z.output<S>>;
}
