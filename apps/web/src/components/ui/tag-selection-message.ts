import { DOCUMENT_VALIDATION, validateTagSelection, type DocumentTagGroupOption } from '@ledgerport/shared';
import type { TFunction } from 'i18next';
import { i18n } from '@/lib/i18n';

/**
 * The words for what is wrong with a tag selection (shared `validateTagSelection`), naming the
 * groups concerned: "Choose a tag in Quarter and Year". Undefined when the selection may be saved.
 */
export function tagSelectionMessage(
  groups: readonly DocumentTagGroupOption[],
  serviceId: number,
  selected: readonly number[],
  t: TFunction,
): string | undefined {
  const problems = validateTagSelection(groups, serviceId, selected);
  if (problems.length === 0) return undefined;
  const names = (codes: readonly string[]) => {
    const ids = new Set(problems.filter((p) => codes.includes(p.code)).map((p) => p.tagGroupId));
    const list = groups.filter((group) => ids.has(group.id)).map((group) => group.displayName);
    return new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(list);
  };
  const has = (code: string) => problems.some((p) => p.code === code);
  const messages = [
    has(DOCUMENT_VALIDATION.tagNotAvailable) && t('documentUpload.tags.notAvailable'),
    has(DOCUMENT_VALIDATION.oneTagPerGroup) &&
      t('documentUpload.tags.oneTagPerGroup', { groups: names([DOCUMENT_VALIDATION.oneTagPerGroup]) }),
    (has(DOCUMENT_VALIDATION.mainTagRequired) || has(DOCUMENT_VALIDATION.tagRequiredInGroup)) &&
      t('documentUpload.tags.required', {
        groups: names([DOCUMENT_VALIDATION.mainTagRequired, DOCUMENT_VALIDATION.tagRequiredInGroup]),
      }),
  ];
  return messages.filter(Boolean).join(' ');
}
