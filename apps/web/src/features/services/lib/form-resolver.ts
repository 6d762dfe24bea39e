import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The shared contract's schema validates the form too; only its messages are the web app's own:
 * an empty (or blank, the schema trims) field is "This field is required", whatever rule it broke;
 * any other rule gets what `messages` gives for its field. Refinements that carry their own message
 * in the contract (the icon checks) are translated through `contractMessages`.
 */
export function formResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  t: TFunction,
  messages: Partial<Record<string, string>> = {},
  contractMessages: Record<string, string> = {},
): Resolver<z.input<S>, unknown, z.output<S>> {
  const base = zodResolver(schema, {
    error: (issue) => {
      const input = issue.input;
      if (input === undefined || input === null || (typeof input === 'string' && input.trim() === '')) {
        return t('common.validation.required');
      }
      if (issue.code === 'too_big') return t('common.validation.tooLong');
      return messages[String(issue.path?.[0] ?? '')];
    },
  }) as Resolver<z.input<S>, unknown, z.output<S>>;
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const errors = result.errors as FieldErrors & Record<string, FieldError | undefined>;
    for (const error of Object.values(errors)) {
      const translated = error?.message ? contractMessages[error.message] : undefined;
      if (error && translated) error.message = translated;
    }
    return result;
  };
}
