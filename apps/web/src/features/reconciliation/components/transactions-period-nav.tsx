import { ActionIcon, Group, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { hasNext, hasPrevious, monthKey, nextPeriod, previousPeriod, type Period } from '../period';

/** "Month YYYY" with arrows that stop at January 2022 and December of the current year. */
export function TransactionsPeriodNav({ period, onChange }: { period: Period; onChange: (period: Period) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" role="group" aria-label={t('reconciliation.period.label')} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        aria-label={t('reconciliation.period.previous')}
        disabled={!hasPrevious(period)}
        onClick={() => onChange(previousPeriod(period))}
      >
        <IconChevronLeft size={20} />
      </ActionIcon>
      <Title order={2} size="h4" miw={170} ta="center" aria-live="polite">
        {t('reconciliation.period.heading', {
          month: t(`reconciliation.months.${monthKey(period.month)}`),
          year: period.year,
        })}
      </Title>
      <ActionIcon
        variant="subtle"
        aria-label={t('reconciliation.period.next')}
        disabled={!hasNext(period)}
        onClick={() => onChange(nextPeriod(period))}
      >
        <IconChevronRight size={20} />
      </ActionIcon>
    </Group>
  );
}
