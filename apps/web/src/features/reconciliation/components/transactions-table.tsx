import type { TransactionDto } from '@ledgerport/shared';
import { Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { formatDate } from '@/lib/dates';
import { formatSignedAmount, isDeposit, RECONCILIATION_DATE_FORMAT, truncateName } from '../format';

interface TransactionsTableProps {
  rows: TransactionDto[] | undefined;
  totalCount: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  isFiltered: boolean;
}

/** Spec 03 Transactions screen: date, name (cut, full on hover), category, signed amount, type. */
export function TransactionsTable(props: TransactionsTableProps) {
  const { t } = useTranslation();
  const columns: DataTableColumn<TransactionDto>[] = [
    {
      key: 'date',
      header: t('reconciliation.transactions.columns.date'),
      render: (row) => formatDate(row.date, RECONCILIATION_DATE_FORMAT.transaction),
    },
    {
      key: 'name',
      header: t('reconciliation.transactions.columns.name'),
      render: (row) => {
        const shown = truncateName(row.name);
        if (shown === row.name) return row.name;
        return (
          <Tooltip label={row.name} openDelay={200}>
            {/* Focusable, so keyboard users reach the full name too; the label gives it to screen readers. */}
            <Text component="span" size="sm" tabIndex={0} aria-label={row.name}>
              {shown}
            </Text>
          </Tooltip>
        );
      },
    },
    {
      key: 'category',
      header: t('reconciliation.transactions.columns.category'),
      render: (row) => row.category ?? t('reconciliation.transactions.uncategorized'),
    },
    {
      key: 'amount',
      header: t('reconciliation.transactions.columns.amount'),
      render: (row) => (
        <Text
          component="span"
          size="sm"
          c={isDeposit(row.amount) ? 'teal.8' : undefined}
          style={{ whiteSpace: 'nowrap' }}
        >
          {formatSignedAmount(row.amount, row.isoCurrencyCode)}
        </Text>
      ),
    },
    {
      key: 'type',
      header: t('reconciliation.transactions.columns.type'),
      render: (row) =>
        t(
          isDeposit(row.amount)
            ? 'reconciliation.transactions.type.deposit'
            : 'reconciliation.transactions.type.withdrawal',
        ),
    },
  ];
  return (
    <DataTable
      label={t('reconciliation.transactions.tableLabel')}
      columns={columns}
      rows={props.rows}
      rowKey={(row) => row.id}
      totalCount={props.totalCount}
      page={props.page}
      pageSize={props.pageSize}
      onPageChange={props.onPageChange}
      onPageSizeChange={props.onPageSizeChange}
      isLoading={props.isLoading}
      isError={props.isError}
      onRetry={props.onRetry}
      isFiltered={props.isFiltered}
    />
  );
}
