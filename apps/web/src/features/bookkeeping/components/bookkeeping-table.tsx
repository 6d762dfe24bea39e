import { isBookkeepingRowComplete, BOOKKEEPING_MAX_ACCOUNTS, type BookkeepingRowDto } from '@ledgerport/shared';
import { Badge, Box, Checkbox, Group, NumberInput, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type DataTableProps } from '@/components/data-table/data-table';
import { StatusDot } from '@/components/ui/status-dot';
import type { StoredChange } from '../api/save-bookkeeping-row';
import { MonthStatusBadge } from './month-status-badge';
import classes from './bookkeeping-table.module.css';

type TableProps = Omit<DataTableProps<BookkeepingRowDto>, 'columns' | 'rowKey'>;

/**
 * The number of accounts, saved when the field is left or Enter is pressed (not on every
 * keystroke). Below 0 is not accepted: the field clamps to 0 (spec 02 section 5).
 */
function AccountsInput({
  row,
  disabled,
  onSave,
}: {
  row: BookkeepingRowDto;
  disabled: boolean;
  onSave: (numberOfAccounts: number) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | string>(row.numberOfAccounts);
  const [shown, setShown] = useState(row.numberOfAccounts);
  // A refetch or a rolled-back save changed the stored value: the field follows it.
  if (shown !== row.numberOfAccounts) {
    setShown(row.numberOfAccounts);
    setValue(row.numberOfAccounts);
  }
  const commit = () => {
    const next = typeof value === 'number' ? value : Number.parseInt(value, 10);
    if (!Number.isInteger(next) || next < 0) {
      setValue(row.numberOfAccounts);
      return;
    }
    if (next !== row.numberOfAccounts) onSave(next);
  };
  return (
    <NumberInput
      aria-label={t('bookkeeping.cells.numberOfAccounts', { client: row.client.name })}
      value={value}
      onChange={setValue}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      min={0}
      max={BOOKKEEPING_MAX_ACCOUNTS}
      clampBehavior="strict"
      allowNegative={false}
      allowDecimal={false}
      disabled={disabled}
      w={110}
      size="xs"
    />
  );
}

/**
 * One month of the tracker (spec 02 Bookkeeping list). The statement columns are read-only (they
 * come from the client's documents); the rest is editable with bookkeeping:edit.
 */
export function BookkeepingTable({
  canEdit,
  onChange,
  ...table
}: TableProps & { canEdit: boolean; onChange: (row: BookkeepingRowDto, change: StoredChange) => void }) {
  const { t } = useTranslation();
  const flag = (
    key: 'isQuickBooksDraftDone' | 'isQuickBooksReviewDone',
    labelKey: 'quickBooksDraft' | 'quickBooksReview',
  ): DataTableColumn<BookkeepingRowDto> => ({
    key,
    header: t(`bookkeeping.columns.${labelKey}`),
    render: (row) => (
      <Checkbox
        aria-label={t(`bookkeeping.cells.${labelKey}`, { client: row.client.name })}
        checked={row[key]}
        disabled={!canEdit}
        onChange={(event) => onChange(row, { [key]: event.currentTarget.checked })}
      />
    ),
  });

  const columns: DataTableColumn<BookkeepingRowDto>[] = [
    {
      key: 'client',
      card: 'title',
      header: t('bookkeeping.columns.client'),
      sortKey: 'clientName',
      render: (row) => (
        <StatusDot active={row.client.isActive}>
          <Text size="sm" fw={500}>
            {row.client.name}
          </Text>
          {isBookkeepingRowComplete(row) && (
            <Badge color="green" variant="filled" size="sm" data-complete>
              {t('bookkeeping.cells.complete')}
            </Badge>
          )}
        </StatusDot>
      ),
    },
    {
      key: 'numberOfAccounts',
      header: t('bookkeeping.columns.numberOfAccounts'),
      sortKey: 'numberOfAccounts',
      render: (row) => (
        <AccountsInput
          row={row}
          disabled={!canEdit}
          onSave={(numberOfAccounts) => onChange(row, { numberOfAccounts })}
        />
      ),
    },
    {
      key: 'bankStatements',
      card: 'primary',
      header: t('bookkeeping.columns.bankStatements'),
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Checkbox
            aria-label={t('bookkeeping.cells.bankStatements', { client: row.client.name })}
            checked={row.isBankStatementsUploaded}
            disabled
            readOnly
          />
          <Text size="sm" c="dimmed">
            {t('bookkeeping.cells.bankStatementCount', { count: row.numberOfBankStatements })}
          </Text>
        </Group>
      ),
    },
    flag('isQuickBooksDraftDone', 'quickBooksDraft'),
    flag('isQuickBooksReviewDone', 'quickBooksReview'),
    {
      key: 'financialStatements',
      header: t('bookkeeping.columns.financialStatements'),
      render: (row) => (
        <Checkbox
          aria-label={t('bookkeeping.cells.financialStatements', { client: row.client.name })}
          checked={row.isFinancialStatementsUploaded}
          disabled
          readOnly
        />
      ),
    },
    {
      // What the client sees of the month (issue 24 item 3), in the firm's words.
      key: 'monthStatus',
      card: 'primary',
      header: t('bookkeeping.columns.monthStatus'),
      render: (row) => <MonthStatusBadge status={row.monthStatus} side="firm" />,
    },
  ];

  return (
    <Box className={classes.tracker}>
      <DataTable {...table} columns={columns} rowKey={(row) => row.client.id} />
    </Box>
  );
}
