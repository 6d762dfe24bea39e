import { formatPhone } from '@ledgerport/shared';
import type { LeadListItemDto } from '@ledgerport/shared';
import { ActionIcon, Anchor, Checkbox, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn, type DataTableProps } from '@/components/data-table/data-table';
import { DATE_FORMAT, formatDate } from '@/lib/dates';
import { LeadStatusBadge } from './lead-status-badge';

type LeadsTableProps = Omit<DataTableProps<LeadListItemDto>, 'columns' | 'rowKey'> & {
  selectedIds: ReadonlySet<number>;
  onSelectionChange: (ids: Set<number>) => void;
  /** Selection only for those who may delete. */
  selectable: boolean;
  detailsHref: (lead: LeadListItemDto) => string;
};

/** Spec 02 Leads list: columns, server paging and sorting, row selection, view → Lead details. */
export function LeadsTable({ selectedIds, onSelectionChange, selectable, detailsHref, ...props }: LeadsTableProps) {
  const { t } = useTranslation();
  const rows = props.rows ?? [];
  const pageIds = rows.map((row) => row.id);
  const selectedOnPage = pageIds.filter((id) => selectedIds.has(id)).length;

  const toggle = (ids: number[], checked: boolean) => {
    const next = new Set(selectedIds);
    for (const id of ids) {
      if (checked) next.add(id);
      else next.delete(id);
    }
    onSelectionChange(next);
  };

  const columns: DataTableColumn<LeadListItemDto>[] = [
    ...(selectable
      ? [
          {
            key: 'select',
            // Beside the page checkbox above the cards on a phone.
            label: t('leads.actions.selectAll'),
            width: 40,
            header: (
              <Checkbox
                aria-label={t('leads.actions.selectAll')}
                checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
                indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
                onChange={(event) => toggle(pageIds, event.currentTarget.checked)}
              />
            ),
            render: (row: LeadListItemDto) => (
              <Checkbox
                aria-label={t('leads.actions.selectRow', { name: row.legalCompanyName })}
                checked={selectedIds.has(row.id)}
                onChange={(event) => toggle([row.id], event.currentTarget.checked)}
              />
            ),
          },
        ]
      : []),
    {
      key: 'legalCompanyName',
      card: 'title',
      header: t('leads.columns.legalCompanyName'),
      sortKey: 'legalCompanyName',
      render: (row) => (
        <Anchor component={Link} to={detailsHref(row)}>
          {row.legalCompanyName}
        </Anchor>
      ),
    },
    {
      key: 'creationTime',
      card: 'primary',
      header: t('leads.columns.creationTime'),
      sortKey: 'creationTime',
      render: (row) => formatDate(row.creationTime, DATE_FORMAT.leadCreated),
    },
    {
      key: 'status',
      card: 'primary',
      header: t('leads.columns.status'),
      sortKey: 'status',
      render: (row) => <LeadStatusBadge status={row.status} />,
    },
    {
      key: 'contactFullName',
      header: t('leads.columns.contactFullName'),
      sortKey: 'contactFullName',
      render: (row) => row.contactFullName,
    },
    {
      key: 'contactEmailAddress',
      header: t('leads.columns.contactEmailAddress'),
      sortKey: 'contactEmailAddress',
      render: (row) => row.contactEmailAddress,
    },
    {
      key: 'contactPhoneNumber',
      header: t('leads.columns.contactPhoneNumber'),
      sortKey: 'contactPhoneNumber',
      nowrap: true,
      render: (row) => formatPhone(row.contactPhoneNumber),
    },
    {
      key: 'contactPosition',
      header: t('leads.columns.contactPosition'),
      render: (row) => row.contactPosition.displayName,
    },
    {
      key: 'actions',
      header: t('common.table.actions'),
      width: 80,
      render: (row) => (
        <Tooltip label={t('leads.actions.view', { name: row.legalCompanyName })}>
          <ActionIcon
            component={Link}
            to={detailsHref(row)}
            variant="subtle"
            aria-label={t('leads.actions.view', { name: row.legalCompanyName })}
          >
            <IconEye size={18} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  return <DataTable {...props} columns={columns} rowKey={(row) => row.id} />;
}
