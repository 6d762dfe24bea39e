import type { BookkeepingMonthDto } from '@ledgerport/shared';
import {
  ActionIcon,
  Anchor,
  Card,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconChevronLeft, IconChevronRight, IconCircleDashed } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListState } from '@/components/data-table/list-state';
import { useBookkeepingYear } from '../api/get-bookkeeping-year';
import { monthLabel } from './charts/month-label';
import { MonthStatusBadge } from './month-status-badge';

export interface BookkeepingYearLinks {
  /** Where the client answers the firm's questions on transactions. */
  questions: string | null;
  /** Where the client sees what the firm asked for. */
  toDo: string;
}

const CHECKS = [
  ['bankStatementsUploaded', 'bookkeeping.year.checks.bankStatements'],
  ['quickBooksDraftDone', 'bookkeeping.year.checks.draft'],
  ['quickBooksReviewDone', 'bookkeeping.year.checks.review'],
  ['financialStatementsUploaded', 'bookkeeping.year.checks.financialStatements'],
] as const;

function MonthCard({ month, links }: { month: BookkeepingMonthDto; links: BookkeepingYearLinks }) {
  const { t } = useTranslation();
  const name = monthLabel(month.year, month.month);
  const headingId = `bookkeeping-month-${month.year}-${month.month}`;
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Stack gap={6} align="flex-start">
          <Title order={2} size="h5" id={headingId}>
            {name}
          </Title>
          <MonthStatusBadge status={month.status} side="client" />
        </Stack>
        {month.status !== 'upcoming' && (
          <List spacing={4} size="sm" center aria-label={t('bookkeeping.year.checksLabel', { month: name })}>
            {CHECKS.map(([field, key]) => (
              <List.Item
                key={field}
                icon={
                  <ThemeIcon size={18} radius="xl" variant="light" color={month[field] ? 'green' : 'gray'}>
                    {month[field] ? <IconCheck size={12} aria-hidden /> : <IconCircleDashed size={12} aria-hidden />}
                  </ThemeIcon>
                }
              >
                {t(key)}
                <VisuallyHidden>
                  {month[field] ? t('bookkeeping.year.done') : t('bookkeeping.year.notDone')}
                </VisuallyHidden>
              </List.Item>
            ))}
          </List>
        )}
        {month.openQuestions > 0 && (
          <Text size="sm">
            {links.questions ? (
              <Anchor component={Link} to={links.questions}>
                {t('bookkeeping.year.questions', { count: month.openQuestions })}
              </Anchor>
            ) : (
              t('bookkeeping.year.questions', { count: month.openQuestions })
            )}
          </Text>
        )}
        {month.openRequestItems > 0 && (
          <Text size="sm">
            <Anchor component={Link} to={links.toDo}>
              {t('bookkeeping.year.requestItems', { count: month.openRequestItems })}
            </Anchor>
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/**
 * A client's bookkeeping year as twelve months (issue 24 item 3): each month's status, its four
 * checks and what it waits for on the client's side, with links to where they act.
 */
export function BookkeepingYear({
  year,
  onYearChange,
  links,
  clientId,
}: {
  year: number;
  onYearChange: (year: number) => void;
  links: BookkeepingYearLinks;
  clientId?: number;
}) {
  const { t } = useTranslation();
  const answer = useBookkeepingYear({ year, clientId });
  const months = answer.data?.months ?? [];
  const closed = months.filter((month) => month.status === 'closed').length;
  const thisYear = new Date().getUTCFullYear();
  return (
    <Stack gap="md">
      <Group justify="center" gap="sm">
        <ActionIcon
          variant="subtle"
          aria-label={t('bookkeeping.year.previous')}
          onClick={() => onYearChange(year - 1)}
          disabled={year <= 2020}
        >
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
        <Title order={2} size="h3" aria-live="polite">
          {year}
        </Title>
        <ActionIcon
          variant="subtle"
          aria-label={t('bookkeeping.year.next')}
          onClick={() => onYearChange(year + 1)}
          disabled={year >= thisYear}
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <ListState
        isError={answer.isError}
        onRetry={() => void answer.refetch()}
        loadingFirst={answer.isPending}
        empty={false}
      />
      {answer.isSuccess && (
        <>
          <Text c="dimmed">{t('bookkeeping.year.summary', { count: closed, year })}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3, xl: 4 }} spacing="md">
            {months.map((month) => (
              <MonthCard key={month.month} month={month} links={links} />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
