import type { RoleDto } from '@ledgerport/shared';
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type SortState } from '@/components/data-table/data-table';

export interface RolesTableProps {
  rows: RoleDto[] | undefined;
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
  permissions: { edit: boolean; delete: boolean };
  onEdit: (role: RoleDto) => void;
  onDelete: (role: RoleDto) => void;
}

/** Spec 01 section 2.12: static roles carry a lock and cannot be deleted. */
export function RolesTable(props: RolesTableProps) {
  const { t } = useTranslation();
  const { permissions } = props;

  const columns: DataTableColumn<RoleDto>[] = [
    {
      key: 'name',
      card: 'title',
      header: t('roles.columns.name'),
      sortKey: 'name',
      render: (role) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{role.name}</Text>
          {role.isStatic && (
            <Tooltip label={t('roles.staticRole')}>
              <IconLock size={16} role="img" aria-label={t('roles.staticRole')} color="var(--mantine-color-dimmed)" />
            </Tooltip>
          )}
        </Group>
      ),
    },
    {
      key: 'displayName',
      card: 'primary',
      header: t('roles.columns.displayName'),
      sortKey: 'displayName',
      render: (role) => role.displayName,
    },
    {
      key: 'description',
      header: t('roles.columns.description'),
      sortKey: 'description',
      render: (role) => (
        <Text size="sm" c={role.description ? undefined : 'dimmed'} lineClamp={2}>
          {role.description ?? ''}
        </Text>
      ),
    },
  ];
  if (permissions.edit || permissions.delete) {
    columns.push({
      key: 'actions',
      header: t('common.table.actions'),
      width: 110,
      render: (role) => (
        <Group gap={4} wrap="nowrap">
          {permissions.edit && (
            <Tooltip label={t('common.actions.edit')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('roles.actions.edit', { name: role.displayName })}
                onClick={() => props.onEdit(role)}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {permissions.delete && !role.isStatic && (
            <Tooltip label={t('common.actions.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('roles.actions.delete', { name: role.displayName })}
                onClick={() => props.onDelete(role)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    });
  }

  return (
    <DataTable
      label={t('roles.tableLabel')}
      columns={columns}
      rows={props.rows}
      rowKey={(role) => role.id}
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
