import { EMPTY_VALUE, type AnnouncementListItem } from '@ledgerport/shared';
import { ActionIcon, Anchor, Menu, Text } from '@mantine/core';
import { IconDotsVertical, IconEye, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type DataTableProps } from '@/components/data-table/data-table';
import { StatusDot } from '@/components/ui/status-dot';
import { DATE_FORMAT, formatDate } from '@/lib/dates';

export interface AnnouncementRowActions {
  /** Absent without announcement:view. */
  onOpen?: (announcement: AnnouncementListItem) => void;
  /** Absent without announcement:change-status. */
  onChangeStatus?: (announcement: AnnouncementListItem) => void;
}

type TableProps = Omit<DataTableProps<AnnouncementListItem>, 'columns' | 'rowKey'>;

/** The Announcements list (spec 02): title with the active dot, expiration date, creation date. */
export function AnnouncementsTable({ actions, ...table }: TableProps & { actions: AnnouncementRowActions }) {
  const { t } = useTranslation();
  const { onOpen, onChangeStatus } = actions;

  const columns: DataTableColumn<AnnouncementListItem>[] = [
    {
      key: 'title',
      card: 'title',
      header: t('announcements.columns.title'),
      render: (row) => (
        <StatusDot active={row.isActive}>
          {onOpen ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={500}
              onClick={() => onOpen(row)}
              aria-label={t('announcements.actions.open', { title: row.title })}
            >
              {row.title}
            </Anchor>
          ) : (
            <Text size="sm" fw={500}>
              {row.title}
            </Text>
          )}
        </StatusDot>
      ),
    },
    {
      key: 'expirationDate',
      card: 'primary',
      header: t('announcements.columns.expirationDate'),
      render: (row) =>
        row.expirationDate ? (
          formatDate(row.expirationDate, DATE_FORMAT.table)
        ) : (
          <Text span size="sm" aria-label={t('announcements.noExpiration')}>
            {EMPTY_VALUE}
          </Text>
        ),
    },
    {
      key: 'creationTime',
      card: 'primary',
      header: t('announcements.columns.creationDate'),
      render: (row) => formatDate(row.creationTime, DATE_FORMAT.table),
    },
  ];

  if (onOpen || onChangeStatus) {
    columns.push({
      key: 'actions',
      header: t('announcements.columns.actions'),
      width: 80,
      render: (row) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('announcements.actions.rowActions', { title: row.title })}
            >
              <IconDotsVertical size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {onOpen && (
              <Menu.Item leftSection={<IconEye size={16} />} onClick={() => onOpen(row)}>
                {t('announcements.details.title')}
              </Menu.Item>
            )}
            {onChangeStatus && (
              <Menu.Item
                c={row.isActive ? 'red' : undefined}
                leftSection={row.isActive ? <IconPlayerStop size={16} /> : <IconPlayerPlay size={16} />}
                onClick={() => onChangeStatus(row)}
              >
                {row.isActive ? t('common.actions.deactivate') : t('common.actions.activate')}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      ),
    });
  }

  return <DataTable {...table} columns={columns} rowKey={(row) => row.id} />;
}
