import { zodResolver } from '@hookform/resolvers/zod';
import { USER_VALIDATION } from '@ledgerport/shared';
import type { TFunction } from 'i18next';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** Rules that are not about the value's presence, by field: the words the user sees for each. */
export type FieldMessages = Partial<Record<string, string>>;

/** The shared contract's stable messages (refinements), in the web app's words. */
function contractMessages(t: TFunction): Record<string, string> {
  return {
    [USER_VALIDATION.passwordsDoNotMatch]: t('common.validation.passwordsDoNotMatch'),
    [USER_VALIDATION.required]: t('common.validation.required'),
    [USER_VALIDATION.notAllowedForRole]: t('users.validation.notAllowedForRole'),
    [USER_VALIDATION.noSpaces]: t('users.validation.noSpaces'),
  };
}

/**
 * The shared contract's schema validates the form; only the words are the web app's. An empty (or
 * blank, the schema trims) field is "This field is required" whatever rule it broke, a too long one
 * "This value is too long", any other rule what `messages` gives for its field, and the contract's
 * own refinement messages (passwords that differ, ...) their catalogue text.
 */
export function formResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  t: TFunction,
  messages: FieldMessages = {},
): Resolver<z.input<S>, unknown, z.output<S>> {
  const base = zodResolver(schema, {
    error: (issue) => {
      const input = issue.input;
      if (input === undefined || input === null || (typeof input === 'string' && input.trim() === '')) {
        return t('common.validation.required');
      }
      if (issue.code === 'too_big') return t('common.validation.tooLong');
      // A number below the minimum is an id that was never chosen (a cleared select is 0 after coercion).
      if (issue.code === 'too_small' && issue.origin === 'number') return t('common.validation.required');
      return messages[String(issue.path?.[0] ?? '')];
    },
  }) as Resolver<z.input<S>, unknown, z.output<S>>;
  const fromContract = contractMessages(t);
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const errors = result.errors as FieldErrors & Record<string, FieldError | undefined>;
    for (const error of Object.values(errors)) {
      const message = error?.message;
      if (error && message && fromContract[message]) error.message = fromContract[message];
    }
    return result;
  };
}
