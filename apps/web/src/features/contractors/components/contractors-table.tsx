import { CONTRACTOR_TYPE, type ContractorListItemDto } from '@ledgerport/shared';
import { ActionIcon, Badge, Checkbox, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type DataTableProps } from '@/components/data-table/data-table';
import { canChangeContractor, formatAddress, formatUsd, needsAction } from '../lib/contractor-rules';

type TableProps = Omit<DataTableProps<ContractorListItemDto>, 'columns' | 'rowKey'>;

export interface ContractorsTableOptions {
  /** Client users: no client and complete columns; the needs-action chip instead. */
  isClient: boolean;
  currentYear: number;
  /** Absent: the tick box shows the state but cannot change it (no contractor:complete-or-open). */
  onToggleCompleted?: (contractor: ContractorListItemDto, isCompleted: boolean) => void;
  /** The completion being saved: its box shows the new state until the reloaded list has it. */
  toggling?: { id: number; isCompleted: boolean } | null;
  onEdit?: (contractor: ContractorListItemDto) => void;
  onDelete?: (contractor: ContractorListItemDto) => void;
}

/** The 1099 Form table (spec 03 "Contractors page"): paging and sorting on the server. */
export function ContractorsTable({
  isClient,
  currentYear,
  onToggleCompleted,
  toggling,
  onEdit,
  onDelete,
  ...table
}: TableProps & ContractorsTableOptions) {
  const { t } = useTranslation();

  const name = (contractor: ContractorListItemDto) => (
    <Stack gap={4} align="flex-start">
      <Text size="sm" fw={500}>
        {contractor.fullName}
      </Text>
      {isClient && needsAction(contractor) && (
        <Tooltip label={t('contractors.needsActionHint')} multiline w={260} withArrow>
          <Badge
            color="red"
            variant="filled"
            size="sm"
            leftSection={<IconAlertTriangle size={12} aria-hidden />}
            tabIndex={0}
            aria-description={t('contractors.needsActionHint')}
          >
            {t('contractors.needsAction')}
          </Badge>
        </Tooltip>
      )}
    </Stack>
  );

  const columns: DataTableColumn<ContractorListItemDto>[] = [];
  if (!isClient) {
    columns.push({
      key: 'client',
      card: 'primary',
      header: t('contractors.columns.client'),
      sortKey: 'client',
      render: (contractor) => contractor.client.name,
    });
  }
  columns.push(
    {
      key: 'contractorType',
      header: t('contractors.columns.contractorType'),
      sortKey: 'contractorType',
      render: (contractor) =>
        t(
          contractor.contractorType.id === CONTRACTOR_TYPE.business
            ? 'contractors.type.business'
            : 'contractors.type.individual',
        ),
    },
    { key: 'name', card: 'title', header: t('contractors.columns.name'), sortKey: 'name', render: name },
    {
      key: 'identificationNumber',
      header: t('contractors.columns.identificationNumber'),
      render: (contractor) => (
        <Text size="sm" ff="monospace">
          {contractor.identificationNumber}
        </Text>
      ),
    },
    {
      key: 'address',
      header: t('contractors.columns.address'),
      sortKey: 'address',
      render: (contractor) => formatAddress(contractor),
    },
    {
      key: 'totalPayment',
      card: isClient ? 'primary' : 'more',
      header: t('contractors.columns.totalPayment'),
      sortKey: 'totalPayment',
      render: (contractor) => formatUsd(contractor.totalPayment),
    },
    {
      key: 'serviceFee',
      card: 'primary',
      header: t('contractors.columns.serviceFee'),
      sortKey: 'serviceFee',
      render: (contractor) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">{formatUsd(contractor.serviceFee)}</Text>
          {contractor.isPaid && (
            <Badge color="green" variant="light" size="sm">
              {t('contractors.paid')}
            </Badge>
          )}
        </Group>
      ),
    },
  );
  if (!isClient) {
    columns.push({
      key: 'complete',
      card: 'primary',
      header: t('contractors.columns.complete'),
      sortKey: 'isCompleted',
      render: (contractor) => (
        <Checkbox
          aria-label={t('contractors.actions.complete', { name: contractor.fullName })}
          checked={toggling?.id === contractor.id ? toggling.isCompleted : contractor.isCompleted}
          disabled={!onToggleCompleted || toggling?.id === contractor.id}
          onChange={(event) => onToggleCompleted?.(contractor, event.currentTarget.checked)}
        />
      ),
    });
  }
  if (onEdit || onDelete) {
    columns.push({
      key: 'actions',
      header: t('contractors.columns.actions'),
      width: 100,
      render: (contractor) =>
        canChangeContractor(contractor, currentYear) ? (
          <Group gap={4} wrap="nowrap">
            {onEdit && (
              <ActionIcon
                variant="subtle"
                aria-label={t('contractors.actions.edit', { name: contractor.fullName })}
                onClick={() => onEdit(contractor)}
              >
                <IconPencil size={18} />
              </ActionIcon>
            )}
            {onDelete && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('contractors.actions.delete', { name: contractor.fullName })}
                onClick={() => onDelete(contractor)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            )}
          </Group>
        ) : null,
    });
  }

  return <DataTable {...table} columns={columns} rowKey={(contractor) => contractor.id} />;
}
