import type { BookkeepingCompletionMonthDto } from '@ledgerport/shared';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookkeepingCompletionQuery } from '../../api/bookkeeping-keys';
import { useBookkeepingCompletion } from '../../api/get-bookkeeping-completion';
import { ChartSection } from './chart-section';
import { formatShare, monthLabel } from './month-label';

const CompletionBars = lazy(() => import('./completion-bars'));

const HEIGHT = 200;

const shareOf = (m: BookkeepingCompletionMonthDto) => (m.rows === 0 ? 0 : m.complete / m.rows);

/**
 * The tracker's picture (issue 24): for the 12 months ending with the month on screen, the share of
 * the listed clients whose four checks are done, with the tracker's filters.
 */
export function CompletionChart({ filters }: { filters: BookkeepingCompletionQuery }) {
  const { t } = useTranslation();
  const completion = useBookkeepingCompletion(filters);
  const months = completion.data?.months ?? [];
  const last = months[months.length - 1];
  const best = months.reduce<BookkeepingCompletionMonthDto | null>(
    (top, m) => (top && shareOf(top) >= shareOf(m) ? top : m),
    null,
  );
  const summary =
    last && best
      ? t('bookkeeping.charts.firm.summary', {
          month: monthLabel(last.year, last.month),
          complete: last.complete,
          clients: last.rows,
          share: formatShare(last.complete, last.rows),
          bestMonth: monthLabel(best.year, best.month),
          bestShare: formatShare(best.complete, best.rows),
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
          t('bookkeeping.charts.firm.complete'),
          t('bookkeeping.charts.firm.clients'),
          t('bookkeeping.charts.firm.share'),
        ],
        rows: months.map((m) => ({
          label: monthLabel(m.year, m.month),
          cells: [String(m.complete), String(m.rows), formatShare(m.complete, m.rows)],
        })),
      }}
    >
      <CompletionBars
        height={HEIGHT}
        max={100}
        seriesLabel={t('bookkeeping.charts.firm.series')}
        format={(value) => `${value}%`}
        data={months.map((m) => ({ label: monthLabel(m.year, m.month, 'short'), value: Math.round(shareOf(m) * 100) }))}
      />
    </ChartSection>
  );
}
