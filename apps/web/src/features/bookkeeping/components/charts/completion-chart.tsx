import type { BookkeepingCompletionMonthDto } from '@ledgerport/shared';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookkeepingCompletionQuery } from '../../api/bookkeeping-keys';
import { useBookkeepingCompletion } from '../../api/get-bookkeeping-completion';
import { ChartSection } from '@/components/charts/chart-section';
import { formatShare, monthLabel } from './month-label';

const CompletionBars = lazy(() => import('./completion-bars'));

const HEIGHT = 200;

const CHECKS = 4;

/** Of every check of every listed client (four each), how many are done. */
const checksDone = (m: BookkeepingCompletionMonthDto) =>
  m.bankStatementsUploaded + m.quickBooksDraftDone + m.quickBooksReviewDone + m.financialStatementsUploaded;
const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

/**
 * The tracker's picture (issue 24): for the 12 months ending with the month on screen, how far the
 * listed clients' bookkeeping got (the share of all their checks done) and how many are finished
 * (all four checks), with the tracker's filters. Progress shows before any client is finished.
 */
export function CompletionChart({ filters }: { filters: BookkeepingCompletionQuery }) {
  const { t } = useTranslation();
  const completion = useBookkeepingCompletion(filters);
  const months = completion.data?.months ?? [];
  const last = months[months.length - 1];
  const summary = last
    ? t('bookkeeping.charts.firm.summary', {
        month: monthLabel(last.year, last.month),
        checks: checksDone(last),
        allChecks: last.rows * CHECKS,
        checksShare: formatShare(checksDone(last), last.rows * CHECKS),
        complete: last.complete,
        count: last.rows,
        share: formatShare(last.complete, last.rows),
      })
    : null;

  return (
    <ChartSection
      title={t('bookkeeping.charts.firm.title')}
      summary={summary}
      isPending={completion.isPending}
      isError={completion.isError}
      onRetry={() => void completion.refetch()}
      empty={months.every((m) => m.rows === 0)}
      emptyText={t('bookkeeping.charts.firm.noClients')}
      height={HEIGHT}
      table={{
        columns: [
          t('bookkeeping.charts.month'),
          t('bookkeeping.charts.firm.checksDone'),
          t('bookkeeping.charts.firm.complete'),
          t('bookkeeping.charts.firm.clients'),
          t('bookkeeping.charts.firm.share'),
        ],
        rows: months.map((m) => ({
          label: monthLabel(m.year, m.month),
          cells: [
            formatShare(checksDone(m), m.rows * CHECKS),
            String(m.complete),
            String(m.rows),
            formatShare(m.complete, m.rows),
          ],
        })),
      }}
    >
      <CompletionBars
        height={HEIGHT}
        max={100}
        series={[
          { name: 'checks', label: t('bookkeeping.charts.firm.checksSeries'), color: 'blue.6' },
          { name: 'complete', label: t('bookkeeping.charts.firm.series'), color: 'teal.6' },
        ]}
        format={(value) => `${value}%`}
        data={months.map((m) => ({
          label: monthLabel(m.year, m.month, 'short'),
          checks: percentOf(checksDone(m), m.rows * CHECKS),
          complete: percentOf(m.complete, m.rows),
        }))}
      />
    </ChartSection>
  );
}
