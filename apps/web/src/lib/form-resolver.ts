import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_TOO_COMMON } from '@ledgerport/shared';
import type { TFunction } from 'i18next';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** A field's wording: one text for any rule it breaks, or one per rule (by zod issue code). */
export type FieldMessage = string | ((code: string) => string | undefined);

const pick = (message: FieldMessage | undefined, code: string) =>
  typeof message === 'function' ? message(code) : message;

/**
 * Every form validates with the shared contract's schema; only the words are the web app's:
 * - an empty (or blank: the schema trims) field is "This field is required", whatever rule it broke,
 *   and so is a number below its minimum (an id that was never chosen: a cleared select is 0);
 * - a too long value is "This value is too long";
 * - any other rule says what `messages` gives for its field;
 * - rules across fields (a confirmation, "differs from the old one") and the contract's own stable
 *   messages bring the contract's English wording, which outranks an error map: they are replaced by
 *   `messages` (for a custom rule) or by `contractMessages` (keyed by the contract's message).
 */
export function formResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  t: TFunction,
  messages: Partial<Record<string, FieldMessage>> = {},
  contractMessages: Record<string, string> = {},
): Resolver<z.input<S>, unknown, z.output<S>> {
  const resolve = zodResolver(schema, {
    error: (issue) => {
      const input = issue.input;
      if (input === undefined || input === null || (typeof input === 'string' && input.trim() === '')) {
        return t('common.validation.required');
      }
      if (issue.code === 'too_big') return t('common.validation.tooLong');
      if (issue.code === 'too_small' && issue.origin === 'number') return t('common.validation.required');
      return pick(messages[String(issue.path?.[0] ?? '')], issue.code);
    },
  }) as Resolver<z.input<S>, unknown, z.output<S>>;

  const fromContractByMessage: Record<string, string> = {
    [PASSWORD_TOO_COMMON]: t('common.validation.passwordTooCommon'),
    ...contractMessages,
  };
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    for (const [field, error] of Object.entries(result.errors) as Array<[string, FieldError | undefined]>) {
      if (!error) continue;
      const fromContract = error.message ? fromContractByMessage[error.message] : undefined;
      if (fromContract) {
        error.message = fromContract;
        continue;
      }
      if (error.type === 'custom') {
        const message = pick(messages[field], 'custom');
        if (message) error.message = message;
      }
    }
    return result;
  };
}
