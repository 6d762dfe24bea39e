import type { ServiceDto } from '@ledgerport/shared';
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type SortState } from '@/components/data-table/data-table';
import { StatusDot } from '@/components/ui/status-dot';

export interface ServicesTableProps {
  rows: ServiceDto[] | undefined;
  totalCount: number;
  page: number;
  pageSize: number;
  sort: SortState;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  onSortChange: (sort: SortState) => void;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  isFiltered: boolean;
  emptyAction?: ReactNode;
  permissions: { edit: boolean; delete: boolean; changeStatus: boolean };
  onEdit: (service: ServiceDto) => void;
  onChangeStatus: (service: ServiceDto) => void;
  onDelete: (service: ServiceDto) => void;
}

/** Spec 01 section 2.15: name with its status dot, display name, department, actions. */
export function ServicesTable(props: ServicesTableProps) {
  const { t } = useTranslation();
  const { permissions } = props;

  const columns: DataTableColumn<ServiceDto>[] = [
    {
      key: 'name',
      card: 'title',
      header: t('services.columns.name'),
      sortKey: 'name',
      render: (service) => (
        <StatusDot active={service.isActive}>
          <Text size="sm">{service.name}</Text>
        </StatusDot>
      ),
    },
    {
      key: 'displayName',
      card: 'primary',
      header: t('services.columns.displayName'),
      sortKey: 'displayName',
      render: (service) => service.displayName,
    },
    {
      key: 'department',
      card: 'primary',
      header: t('services.columns.department'),
      sortKey: 'departmentDisplayName',
      render: (service) => service.departmentDisplayName,
    },
  ];
  if (permissions.edit || permissions.delete || permissions.changeStatus) {
    columns.push({
      key: 'actions',
      header: t('common.table.actions'),
      width: 140,
      render: (service) => {
        const name = service.displayName;
        const statusLabel = service.isActive ? 'common.actions.deactivate' : 'common.actions.activate';
        return (
          <Group gap={4} wrap="nowrap">
            {permissions.edit && (
              <Tooltip label={t('common.actions.edit')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('services.actions.edit', { name })}
                  onClick={() => props.onEdit(service)}
                >
                  <IconPencil size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            {permissions.changeStatus && (
              <Tooltip label={t(statusLabel)}>
                <ActionIcon
                  variant="subtle"
                  color={service.isActive ? 'orange' : 'green'}
                  aria-label={t(service.isActive ? 'services.actions.deactivate' : 'services.actions.activate', {
                    name,
                  })}
                  onClick={() => props.onChangeStatus(service)}
                >
                  {service.isActive ? <IconPlayerPause size={18} /> : <IconPlayerPlay size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
            {permissions.delete && (
              <Tooltip label={t('common.actions.delete')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('services.actions.delete', { name })}
                  onClick={() => props.onDelete(service)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        );
      },
    });
  }

  return (
    <DataTable
      label={t('services.tableLabel')}
      columns={columns}
      rows={props.rows}
      rowKey={(service) => service.id}
      totalCount={props.totalCount}
      page={props.page}
      pageSize={props.pageSize}
      onPageChange={props.onPageChange}
      onPageSizeChange={props.onPageSizeChange}
      sort={props.sort}
      onSortChange={props.onSortChange}
      isLoading={props.isLoading}
      isError={props.isError}
      onRetry={props.onRetry}
      isFiltered={props.isFiltered}
      emptyAction={props.emptyAction}
    />
  );
}
