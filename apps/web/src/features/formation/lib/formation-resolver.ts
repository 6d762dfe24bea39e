import { toNestErrors } from '@hookform/resolvers';
import { FORMATION_VALIDATION } from '@ledgerport/shared';
import type { TFunction } from 'i18next';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Validates a wizard step with the shared contract. The form holds what the controls hold (ids as
 * text, "Other" as a marker), `toInput` turns that into the contract's input under the same field
 * paths, and the contract's stable English messages are replaced by the catalogue's wording.
 */
export function formationResolver<V extends FieldValues>(
  schema: z.ZodType,
  toInput: (values: V) => unknown,
  t: TFunction,
): Resolver<V> {
  const wordingOf: Record<string, string> = {
    [FORMATION_VALIDATION.required]: t('common.validation.required'),
    [FORMATION_VALIDATION.passportRequired]: t('common.validation.required'),
    [FORMATION_VALIDATION.invalidEmail]: t('formation.validation.email'),
    [FORMATION_VALIDATION.zipFiveDigits]: t('formation.validation.zipCode'),
    [FORMATION_VALIDATION.digitsOnly]: t('formation.validation.digitsOnly'),
    [FORMATION_VALIDATION.shareOwnershipMax]: t('formation.validation.shareOwnershipMax'),
    [FORMATION_VALIDATION.ssn]: t('formation.validation.socialSecurityNumber'),
    [FORMATION_VALIDATION.titlesRequired]: t('formation.validation.titles'),
    [FORMATION_VALIDATION.passportTooLarge]: t('formation.validation.passportSize'),
    [FORMATION_VALIDATION.passportType]: t('formation.validation.passportType'),
  };

  const messageOf = (issue: z.core.$ZodIssue): string => {
    const known = wordingOf[issue.message];
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
