import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export type UniqueField = 'name' | 'displayName';
export const UNIQUE_FIELDS: readonly UniqueField[] = ['name', 'displayName'];

/**
 * Spec 01 section 5, for the name and display name of roles, services, tag groups and tags: they are
 * checked on blur and again on submit; a value left as it was (in any case, the API compares without
 * case) is not checked in edit mode. Resolves to the "taken" message, or null when the value may be
 * used.
 */
export function useUniquenessCheck(
  original: Record<UniqueField, string> | null,
  isAvailable: (field: UniqueField, value: string) => Promise<boolean>,
) {
  const { t } = useTranslation();
  return useCallback(
    async (field: UniqueField, raw: string): Promise<string | null> => {
      const value = raw.trim();
      if (!value) return null;
      if (original && original[field].toLowerCase() === value.toLowerCase()) return null;
      try {
        return (await isAvailable(field, value)) ? null : t('common.validation.taken', { value });
      } catch {
        // The check is a courtesy: if it cannot run, saving still meets the server's own 409.
        return null;
      }
    },
    [original, isAvailable, t],
  );
}
