import { USER_VALIDATION } from '@ledgerport/shared';
import type { TFunction } from 'i18next';

/** The users contract's stable refinement messages, in the web app's words (see lib/form-resolver). */
export function userContractMessages(t: TFunction): Record<string, string> {
  return {
    [USER_VALIDATION.passwordsDoNotMatch]: t('common.validation.passwordsDoNotMatch'),
    [USER_VALIDATION.required]: t('common.validation.required'),
    [USER_VALIDATION.notAllowedForRole]: t('users.validation.notAllowedForRole'),
    [USER_VALIDATION.noSpaces]: t('users.validation.noSpaces'),
  };
}
