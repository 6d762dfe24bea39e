import { WRAPPING_BADGE } from '@/components/ui/wrapping-badge';
import { Badge } from '@mantine/core';
import type { BookkeepingMonthStatus } from '@ledgerport/shared';
import { useTranslation } from 'react-i18next';

const COLOR: Record<BookkeepingMonthStatus, string> = {
  closed: 'green',
  'waiting-on-you': 'orange',
  collecting: 'blue',
  'in-progress': 'indigo',
  upcoming: 'gray',
};

/**
 * A bookkeeping month's status in words (colour only repeats them). `side`: the client reads "Waiting
 * on you", staff "Waiting on the client".
 */
export function MonthStatusBadge({ status, side }: { status: BookkeepingMonthStatus; side: 'client' | 'firm' }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLOR[status]} variant="light" {...WRAPPING_BADGE}>
      {status === 'waiting-on-you' && side === 'firm'
        ? t('bookkeeping.status.waitingOnClient')
        : t(`bookkeeping.status.${status}`)}
    </Badge>
  );
}
