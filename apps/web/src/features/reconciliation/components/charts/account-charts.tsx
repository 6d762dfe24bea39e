import type { AccountBalanceMonthDto } from '@ledgerport/shared';
import { SimpleGrid } from '@mantine/core';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalanceHistory } from '../../api/get-balance-history';
import { formatMoney, formatMoneyCompact } from '../../format';
import { ChartSection } from '@/components/charts/chart-section';
import { monthLabel } from './month-label';

const BalanceDrawing = lazy(() => import('./money-charts').then((m) => ({ default: m.BalanceDrawing })));
const InOutDrawing = lazy(() => import('./money-charts').then((m) => ({ default: m.InOutDrawing })));

const HEIGHT = 220;

/** Whether anything moved in the months shown: without it both charts would only draw a flat line. */
const hasMovement = (months: AccountBalanceMonthDto[]) => months.some((m) => m.moneyIn !== 0 || m.moneyOut !== 0);

/**
 * The account page's pictures (issue 24): the balance at each of the last 12 month ends, and money
 * in and out per month. Each with its summary sentence and table.
 */
export function AccountCharts({ clientId, accountId }: { clientId: number | null; accountId: number }) {
  const { t } = useTranslation();
  const history = useBalanceHistory(clientId, accountId);
  const months = history.data?.months ?? [];
  const currency = history.data?.isoCurrencyCode ?? 'USD';
  const money = (value: number) => formatMoney(value, currency);
  const state = {
    isPending: history.isPending,
    isError: history.isError,
    onRetry: () => void history.refetch(),
    empty: !hasMovement(months),
    emptyText: t('reconciliation.charts.noTransactions'),
    height: HEIGHT,
  };
  const drawing = {
    height: HEIGHT,
    format: money,
    formatTick: (value: number) => formatMoneyCompact(value, currency),
  };

  const first = months[0];
  const last = months[months.length - 1];
  let balanceSummary: string | null = null;
  if (first && last) {
    const values = { from: money(first.endingBalance), to: money(last.endingBalance) };
    const key =
      last.endingBalance > first.endingBalance ? 'rose' : last.endingBalance < first.endingBalance ? 'fell' : 'flat';
    balanceSummary = t(`reconciliation.charts.balance.${key}`, values);
  }
  const totalIn = months.reduce((sum, m) => sum + m.moneyIn, 0);
  const totalOut = months.reduce((sum, m) => sum + m.moneyOut, 0);
  const best = months.reduce<AccountBalanceMonthDto | null>(
    (top, m) => (top && top.moneyIn >= m.moneyIn ? top : m),
    null,
  );
  const inOutSummary =
    totalIn > 0 && best
      ? t('reconciliation.charts.inOut.summary', {
          in: money(totalIn),
          out: money(totalOut),
          month: monthLabel(best.year, best.month),
        })
      : t('reconciliation.charts.inOut.summaryNothingIn', { out: money(totalOut) });

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartSection
        {...state}
        title={t('reconciliation.charts.balance.title')}
        summary={balanceSummary}
        table={{
          columns: [t('reconciliation.charts.month'), t('reconciliation.charts.balance.column')],
          rows: months.map((m) => ({ label: monthLabel(m.year, m.month), cells: [money(m.endingBalance)] })),
        }}
      >
        <BalanceDrawing
          {...drawing}
          seriesLabel={t('reconciliation.charts.balance.series')}
          data={months.map((m) => ({ label: monthLabel(m.year, m.month, 'short'), value: m.endingBalance }))}
        />
      </ChartSection>
      <ChartSection
        {...state}
        title={t('reconciliation.charts.inOut.title')}
        summary={inOutSummary}
        table={{
          columns: [
            t('reconciliation.charts.month'),
            t('reconciliation.charts.inOut.moneyIn'),
            t('reconciliation.charts.inOut.moneyOut'),
          ],
          rows: months.map((m) => ({
            label: monthLabel(m.year, m.month),
            cells: [money(m.moneyIn), money(m.moneyOut)],
          })),
        }}
      >
        <InOutDrawing
          {...drawing}
          inLabel={t('reconciliation.charts.inOut.moneyIn')}
          outLabel={t('reconciliation.charts.inOut.moneyOut')}
          data={months.map((m) => ({ label: monthLabel(m.year, m.month, 'short'), in: m.moneyIn, out: m.moneyOut }))}
        />
      </ChartSection>
    </SimpleGrid>
  );
}
