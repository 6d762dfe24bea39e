import type { ConversationStatus } from '@ledgerport/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ConversationStatusBadge({ status }: { status: ConversationStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={status === 'open' ? 'teal' : 'gray'}>
      {t(`messages.status.${status}`)}
    </Badge>
  );
}
