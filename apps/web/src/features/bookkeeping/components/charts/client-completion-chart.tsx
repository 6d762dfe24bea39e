import type { BookkeepingCompletionMonthDto } from '@ledgerport/shared';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { useBookkeepingCompletion } from '../../api/get-bookkeeping-completion';
import { ChartSection } from '@/components/charts/chart-section';
import { monthLabel } from './month-label';

const CompletionBars = lazy(() => import('./completion-bars'));

const HEIGHT = 200;
const CHECKS = 4;

/** One client's checks done in a month: each count is that client's 0 or 1. */
const checksOf = (m: BookkeepingCompletionMonthDto) =>
  m.bankStatementsUploaded + m.quickBooksDraftDone + m.quickBooksReviewDone + m.financialStatementsUploaded;

/**
 * A client's bookkeeping over the last 12 months (issue 24), for the client's page: how many of the
 * four checks each month has done. Needs bookkeeping:list; shows nothing for a client the tracker
 * does not list (the API answers 404 then).
 */
export function ClientCompletionChart({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const completion = useBookkeepingCompletion({ clientId });
  if (completion.error instanceof ApiError && completion.error.status === 404) return null;
  const months = completion.data?.months ?? [];
  const last = months[months.length - 1];
  const summary = last
    ? t('bookkeeping.charts.client.summary', {
        count: months.filter((m) => m.complete > 0).length,
        month: monthLabel(last.year, last.month),
        checks: checksOf(last),
      })
    : null;

  return (
    <ChartSection
      title={t('bookkeeping.charts.client.title')}
      headingOrder={3}
      summary={summary}
      isPending={completion.isPending}
      isError={completion.isError}
      onRetry={() => void completion.refetch()}
      empty={months.length === 0}
      emptyText=""
      height={HEIGHT}
      table={{
        columns: [
          t('bookkeeping.charts.month'),
          t('bookkeeping.charts.client.checks'),
          t('bookkeeping.charts.client.complete'),
        ],
        rows: months.map((m) => ({
          label: monthLabel(m.year, m.month),
          cells: [
            `${checksOf(m)} / ${CHECKS}`,
            m.complete > 0 ? t('bookkeeping.charts.client.done') : t('bookkeeping.charts.client.notDone'),
          ],
        })),
      }}
    >
      <CompletionBars
        height={HEIGHT}
        max={CHECKS}
        series={[{ name: 'value', label: t('bookkeeping.charts.client.series'), color: 'teal.6' }]}
        format={(value) => `${value} / ${CHECKS}`}
        data={months.map((m) => ({ label: monthLabel(m.year, m.month, 'short'), value: checksOf(m) }))}
      />
    </ChartSection>
  );
}
