import { toNestErrors } from '@hookform/resolvers';
import type { TFunction } from 'i18next';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { contractMessage } from '@/lib/contract-messages';

/**
 * Validates a wizard step with the shared contract. The form holds what the controls hold (ids as
 * text, "Other" as a marker), `toInput` turns that into the contract's input under the same field
 * paths, and the contract's stable English messages are replaced by the catalogue's wording
 * (lib/contract-messages).
 */
export function formationResolver<V extends FieldValues>(
  schema: z.ZodType,
  toInput: (values: V) => unknown,
  t: TFunction,
): Resolver<V> {
  const messageOf = (issue: z.core.$ZodIssue): string => {
    const known = contractMessage(t, issue.message);
    if (known) return known;
    if (issue.code === 'too_big') return t('common.validation.tooLong');
    // Anything else the contract words without a stable message is a value that was never given.
    return t('common.validation.required');
  };

  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(toInput(values));
    if (result.success) return { values, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      flat[path] ??= { type: issue.code, message: messageOf(issue) };
    }
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}
