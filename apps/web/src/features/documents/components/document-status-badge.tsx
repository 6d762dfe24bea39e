import { DOCUMENT_STATUS, DOCUMENT_STATUS_COLOR, type DocumentStatus } from '@ledgerport/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '@/lib/i18n';

export const DOCUMENT_STATUS_LABEL: Record<DocumentStatus, TranslationKey> = {
  [DOCUMENT_STATUS.open]: 'documents.status.open',
  [DOCUMENT_STATUS.inProgress]: 'documents.status.inProgress',
  [DOCUMENT_STATUS.done]: 'documents.status.done',
};

/** Spec 02 section 4: open blue, in progress orange, done teal; the word carries it for screen readers. */
export function DocumentStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  const known = status as DocumentStatus;
  if (!(known in DOCUMENT_STATUS_LABEL)) return null;
  return (
    <Badge color={DOCUMENT_STATUS_COLOR[known]} variant="dot" tt="none">
      {t(DOCUMENT_STATUS_LABEL[known])}
    </Badge>
  );
}
