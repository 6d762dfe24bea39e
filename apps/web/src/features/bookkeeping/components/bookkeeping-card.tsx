import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBookkeepingYear } from '../api/get-bookkeeping-year';
import { monthLabel } from './charts/month-label';
import { MonthStatusBadge } from './month-status-badge';

/**
 * The client's dashboard card (issue 24 item 3): this month's bookkeeping status and how many months
 * of the year are closed, linking to the year. Nothing while it cannot be read.
 */
export function BookkeepingCard({ yearHref }: { yearHref: string }) {
  const { t } = useTranslation();
  const now = new Date();
  const answer = useBookkeepingYear({ year: now.getUTCFullYear() });
  if (!answer.isSuccess) return null;
  const current = answer.data.months.find((month) => month.month === now.getUTCMonth() + 1);
  const closed = answer.data.months.filter((month) => month.status === 'closed').length;
  const waiting = answer.data.months.filter((month) => month.status === 'waiting-on-you').length;
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="bookkeeping-card-title">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <IconBook2 size={20} aria-hidden />
            <Title order={2} size="h4" id="bookkeeping-card-title">
              {t('bookkeeping.card.title')}
            </Title>
          </Group>
          <Anchor component={Link} to={yearHref}>
            {t('bookkeeping.card.seeYear')}
          </Anchor>
        </Group>
        {current && (
          <Group gap="xs">
            <Text size="sm">{monthLabel(current.year, current.month)}:</Text>
            <MonthStatusBadge status={current.status} side="client" />
          </Group>
        )}
        <Text size="sm" c="dimmed">
          {t('bookkeeping.card.summary', { count: closed, year: answer.data.year })}
          {waiting > 0 && ` ${t('bookkeeping.card.waiting', { count: waiting })}`}
        </Text>
      </Stack>
    </Card>
  );
}
