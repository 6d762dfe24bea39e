import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';
import { contractMessage } from '@/lib/contract-messages';

export interface ServerFieldError {
  /** Dotted path of the request body, e.g. `dueDate`, `items.2.tagIds`. */
  field: string;
  message: string;
}

/**
 * The fields a 400 names (the error envelope's `details`: `{ field, message }` with a contract code,
 * such as DUE_DATE_IN_PAST or a tag rule), worded by the catalogue; empty for any other failure.
 */
export function serverFieldErrors(error: unknown, t: TFunction): ServerFieldError[] {
  if (!isApiError(error, 400) || !Array.isArray(error.details)) return [];
  return error.details.flatMap((detail: unknown) => {
    if (typeof detail !== 'object' || detail === null) return [];
    const { field, message } = detail as { field?: unknown; message?: unknown };
    if (typeof field !== 'string' || typeof message !== 'string') return [];
    return [{ field, message: contractMessage(t, message) ?? t('common.validation.invalid') }];
  });
}
