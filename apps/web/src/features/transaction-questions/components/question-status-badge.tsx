import type { TransactionQuestionStatus } from '@ledgerport/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOR: Record<TransactionQuestionStatus, string> = { waiting: 'orange', answered: 'blue', resolved: 'teal' };

/** The status in words (colour alone says nothing to some readers). */
export function QuestionStatusBadge({ status }: { status: TransactionQuestionStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLOR[status]} variant="light" size="sm" style={{ whiteSpace: 'nowrap' }}>
      {t(`transactionQuestions.status.${status}`)}
    </Badge>
  );
}
