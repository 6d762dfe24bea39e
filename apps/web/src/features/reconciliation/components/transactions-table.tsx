import type { TransactionDto } from '@ledgerport/shared';
import { Badge, Checkbox, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { WRAPPING_BADGE } from '@/components/ui/wrapping-badge';
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
  /**
   * Row selection (staff asking the client about transactions): the selected ids and how they change.
   * Without it the table has no checkboxes.
   */
  selection?: { selected: ReadonlySet<number>; onChange: (selected: Set<number>) => void };
}

const QUESTION_COLOR = { waiting: 'orange', answered: 'blue', resolved: 'teal' } as const;

/**
 * Spec 03 Transactions screen: date, name (cut, full on hover), category, signed amount, type, and the
 * status of a question the firm asked about the transaction (issue 24 item 1); with `selection`, a
 * checkbox per row and one for the page.
 */
export function TransactionsTable(props: TransactionsTableProps) {
  const { t } = useTranslation();
  const { selection } = props;
  const pageIds = (props.rows ?? []).map((row) => row.id);
  const selectedOnPage = pageIds.filter((id) => selection?.selected.has(id)).length;
  const toggle = (id: number, checked: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (checked) next.add(id);
    else next.delete(id);
    selection.onChange(next);
  };
  const selectColumn: DataTableColumn<TransactionDto>[] = selection
    ? [
        {
          key: 'select',
          // Beside the page checkbox above the cards on a phone.
          label: t('transactionQuestions.table.selectPage'),
          width: 40,
          header: (
            <Checkbox
              aria-label={t('transactionQuestions.table.selectPage')}
              checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
              indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
              disabled={pageIds.length === 0}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                const next = new Set(selection.selected);
                for (const id of pageIds) {
                  if (checked) next.add(id);
                  else next.delete(id);
                }
                selection.onChange(next);
              }}
            />
          ),
          render: (row) => (
            <Checkbox
              aria-label={t('transactionQuestions.table.select', {
                name: row.name,
                date: formatDate(row.date, RECONCILIATION_DATE_FORMAT.transaction),
              })}
              checked={selection.selected.has(row.id)}
              onChange={(event) => toggle(row.id, event.currentTarget.checked)}
            />
          ),
        },
      ]
    : [];
  const columns: DataTableColumn<TransactionDto>[] = [
    ...selectColumn,
    {
      key: 'date',
      card: 'primary',
      header: t('reconciliation.transactions.columns.date'),
      render: (row) => formatDate(row.date, RECONCILIATION_DATE_FORMAT.transaction),
    },
    {
      key: 'name',
      card: 'title',
      header: t('reconciliation.transactions.columns.name'),
      // A card is as wide as the screen: the whole name, which the table's column cuts.
      renderCard: (row) => row.name,
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
      card: 'primary',
      header: t('reconciliation.transactions.columns.amount'),
      render: (row) => (
        <Text
          component="span"
          size="sm"
          c={isDeposit(row.amount) ? 'teal' : undefined}
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
    {
      key: 'question',
      card: 'primary',
      header: t('transactionQuestions.table.question'),
      render: (row) =>
        row.questionStatus === null ? (
          <Text component="span" size="sm" c="dimmed">
            <span aria-hidden>—</span>
            <VisuallyHidden>{t('transactionQuestions.table.noQuestion')}</VisuallyHidden>
          </Text>
        ) : (
          <Badge color={QUESTION_COLOR[row.questionStatus]} variant="light" size="sm" {...WRAPPING_BADGE}>
            {t(`transactionQuestions.status.${row.questionStatus}`)}
          </Badge>
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
