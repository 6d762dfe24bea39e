import { Stack } from '@mantine/core';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useNetCashHistory } from '../../api/get-net-cash-history';
import { formatMoney, formatMoneyCompact } from '../../format';
import { ChartSection } from '@/components/charts/chart-section';
import { monthLabel } from './month-label';

const NetCashDrawing = lazy(() => import('./money-charts').then((m) => ({ default: m.NetCashDrawing })));

const HEIGHT = 220;

/**
 * Reconciliations' picture (issue 24): the client's net cash at each of the last 12 month ends.
 * One chart per currency, since amounts in two currencies do not share an axis.
 */
export function NetCashChart({ clientId }: { clientId: number | null }) {
  const { t } = useTranslation();
  const history = useNetCashHistory(clientId);
  const currencies = history.data?.currencies ?? [];
  const title = t('reconciliation.charts.netCash.title');
  const state = {
    isPending: history.isPending,
    isError: history.isError,
    onRetry: () => void history.refetch(),
    emptyText: t('reconciliation.charts.noAccounts'),
    height: HEIGHT,
  };
  if (currencies.length === 0) {
    return (
      <ChartSection {...state} title={title} summary={null} empty table={{ columns: [], rows: [] }}>
        {null}
      </ChartSection>
    );
  }
  return (
    <Stack gap="md">
      {currencies.map(({ isoCurrencyCode, months }) => {
        const money = (value: number) => formatMoney(value, isoCurrencyCode);
        const first = months[0];
        const last = months[months.length - 1];
        const summary =
          first && last
            ? t(
                `reconciliation.charts.netCash.${last.netCash > first.netCash ? 'rose' : last.netCash < first.netCash ? 'fell' : 'flat'}`,
                { currency: isoCurrencyCode, from: money(first.netCash), to: money(last.netCash) },
              )
            : null;
        return (
          <ChartSection
            key={isoCurrencyCode}
            {...state}
            empty={months.length === 0}
            title={currencies.length > 1 ? `${title} (${isoCurrencyCode})` : title}
            summary={summary}
            table={{
              columns: [t('reconciliation.charts.month'), t('reconciliation.charts.netCash.column')],
              rows: months.map((m) => ({ label: monthLabel(m.year, m.month), cells: [money(m.netCash)] })),
            }}
          >
            <NetCashDrawing
              height={HEIGHT}
              format={money}
              formatTick={(value) => formatMoneyCompact(value, isoCurrencyCode)}
              seriesLabel={t('reconciliation.accounts.netCash')}
              data={months.map((m) => ({ label: monthLabel(m.year, m.month, 'short'), value: m.netCash }))}
            />
          </ChartSection>
        );
      })}
    </Stack>
  );
}
