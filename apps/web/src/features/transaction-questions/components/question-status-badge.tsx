import type { TransactionQuestionStatus } from '@ledgerport/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WRAPPING_BADGE } from '@/components/ui/wrapping-badge';

const COLOR: Record<TransactionQuestionStatus, string> = { waiting: 'orange', answered: 'blue', resolved: 'teal' };

/** The status in words (colour alone says nothing to some readers), never shouted in capitals nor cut. */
export function QuestionStatusBadge({ status }: { status: TransactionQuestionStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLOR[status]} variant="light" size="sm" {...WRAPPING_BADGE} style={{ flexShrink: 0 }}>
      {t(`transactionQuestions.status.${status}`)}
    </Badge>
  );
}
