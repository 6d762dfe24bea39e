import {
  ANNOUNCEMENT_VALIDATION,
  CLIENT_EDIT_VALIDATION,
  CLIENT_VALIDATION,
  CONTRACTOR_VALIDATION,
  COUPON_VALIDATION,
  DOCUMENT_VALIDATION,
  FORMATION_VALIDATION,
  ONBOARDING_VALIDATION,
  PASSWORD_TOO_COMMON,
  PHONE_VALIDATION,
  REQUEST_SCHEDULE_VALIDATION,
  REQUEST_VALIDATION,
  USER_VALIDATION,
} from '@ledgerport/shared';
import type { TFunction } from 'i18next';
import type { TranslationKey } from './i18n';

/**
 * Every message the shared contract raises, by catalogue group (locales/en/contract.ts). A form shows
 * the catalogue's text for it, never the contract's code ("REQUIRED") or its English wording; the
 * catalogue test walks these groups and every `*_VALIDATION` export of the contract.
 */
export const CONTRACT_MESSAGE_GROUPS = {
  password: { tooCommon: PASSWORD_TOO_COMMON },
  phone: PHONE_VALIDATION,
  user: USER_VALIDATION,
  client: CLIENT_VALIDATION,
  clientEdit: CLIENT_EDIT_VALIDATION,
  contractor: CONTRACTOR_VALIDATION,
  coupon: COUPON_VALIDATION,
  announcement: ANNOUNCEMENT_VALIDATION,
  onboarding: ONBOARDING_VALIDATION,
  formation: FORMATION_VALIDATION,
  request: REQUEST_VALIDATION,
  requestSchedule: REQUEST_SCHEDULE_VALIDATION,
  document: DOCUMENT_VALIDATION,
} as const satisfies Record<string, Record<string, string>>;

/** Contract message → its catalogue key. Groups share codes ("REQUIRED"); the first group's text wins. */
const keyByMessage = new Map<string, TranslationKey>();
for (const [group, messages] of Object.entries(CONTRACT_MESSAGE_GROUPS)) {
  for (const [name, message] of Object.entries(messages)) {
    if (!keyByMessage.has(message)) keyByMessage.set(message, `contract.${group}.${name}` as TranslationKey);
  }
}

/** The catalogue's text for a message the contract raised, or undefined when it is not one. */
export function contractMessage(t: TFunction, message: string | undefined): string | undefined {
  const key = message === undefined ? undefined : keyByMessage.get(message);
  return key ? t(key) : undefined;
}
