import type { AuditEventDto } from '@ledgerport/shared';
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { formatDate } from '@/lib/dates';
import { objectLabel } from '../lib/filters';

export const AUDIT_TIME_FORMAT = 'MMM D, YYYY HH:mm:ss';

export interface AuditEventsTableProps {
  rows: AuditEventDto[] | undefined;
  totalCount: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  isFiltered: boolean;
  selectedId: number | null;
  onOpen: (event: AuditEventDto) => void;
}

/** Newest first (the order is fixed: an audit trail is read from the latest event back). */
export function AuditEventsTable(props: AuditEventsTableProps) {
  const { t } = useTranslation();
  const columns: DataTableColumn<AuditEventDto>[] = [
    {
      key: 'time',
      card: 'primary',
      header: t('auditLog.columns.time'),
      render: (event) => {
        const time = formatDate(event.time, AUDIT_TIME_FORMAT);
        return (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => props.onOpen(event)}
            aria-label={t('auditLog.actions.details', { action: event.action, time })}
          >
            {time}
          </Anchor>
        );
      },
    },
    {
      key: 'action',
      card: 'title',
      header: t('auditLog.columns.action'),
      render: (event) => <Text size="sm">{event.action}</Text>,
    },
    {
      key: 'actor',
      card: 'primary',
      header: t('auditLog.columns.actor'),
      render: (event) => event.actor?.fullName ?? <Text c="dimmed">{t('auditLog.system')}</Text>,
    },
    {
      key: 'object',
      card: 'primary',
      header: t('auditLog.columns.object'),
      render: (event) => objectLabel(event.objectType, event.objectId),
    },
    { key: 'client', header: t('auditLog.columns.client'), render: (event) => event.client?.name ?? '' },
    { key: 'ipAddress', header: t('auditLog.columns.ipAddress'), render: (event) => event.ipAddress ?? '' },
  ];
  return (
    <DataTable
      label={t('auditLog.tableLabel')}
      columns={columns}
      rows={props.rows}
      rowKey={(event) => event.id}
      totalCount={props.totalCount}
      page={props.page}
      pageSize={props.pageSize}
      onPageChange={props.onPageChange}
      onPageSizeChange={props.onPageSizeChange}
      isLoading={props.isLoading}
      isError={props.isError}
      onRetry={props.onRetry}
      isFiltered={props.isFiltered}
      selectedKey={props.selectedId}
    />
  );
}
