import { REQUEST_SCHEDULE_AUDIENCE, periodName, type RequestSchedule } from '@ledgerport/shared';
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type DataTableProps } from '@/components/data-table/data-table';
import { StatusDot } from '@/components/ui/status-dot';

type TableProps = Omit<DataTableProps<RequestSchedule>, 'columns' | 'rowKey' | 'label' | 'sort' | 'onSortChange'>;

/** Recurring requests, by name (the API's one order): template, day, audience, active, last month sent. */
export function RequestSchedulesTable({
  permissions,
  onEdit,
  onDelete,
  ...table
}: TableProps & {
  permissions: { edit: boolean; delete: boolean };
  onEdit: (schedule: RequestSchedule) => void;
  onDelete: (schedule: RequestSchedule) => void;
}) {
  const { t } = useTranslation();

  const columns: DataTableColumn<RequestSchedule>[] = [
    {
      key: 'name',
      card: 'title',
      header: t('requestTemplates.schedules.columns.name'),
      render: (schedule) => (
        <Text size="sm" fw={500}>
          {schedule.name}
        </Text>
      ),
    },
    {
      key: 'template',
      card: 'primary',
      header: t('requestTemplates.schedules.columns.template'),
      render: (schedule) => schedule.template.name,
    },
    {
      key: 'day',
      header: t('requestTemplates.schedules.columns.day'),
      nowrap: true,
      render: (schedule) => t('requestTemplates.schedules.day', { day: schedule.dayOfMonth }),
    },
    {
      key: 'audience',
      header: t('requestTemplates.schedules.columns.audience'),
      render: (schedule) =>
        schedule.audience === REQUEST_SCHEDULE_AUDIENCE.serviceClients ? (
          t('requestTemplates.schedules.audienceService', { service: schedule.audienceService?.displayName ?? '' })
        ) : (
          <Tooltip label={schedule.clients.map((client) => client.name).join(', ')} multiline maw={320}>
            <Text size="sm" span tabIndex={0} td="underline dotted">
              {t('requestTemplates.schedules.audienceClients', { count: schedule.clients.length })}
            </Text>
          </Tooltip>
        ),
    },
    {
      key: 'active',
      card: 'primary',
      header: t('requestTemplates.schedules.columns.active'),
      nowrap: true,
      render: (schedule) => (
        <StatusDot active={schedule.isActive}>
          <Text size="sm">
            {schedule.isActive ? t('requestTemplates.schedules.yes') : t('requestTemplates.schedules.no')}
          </Text>
        </StatusDot>
      ),
    },
    {
      key: 'lastPeriod',
      header: t('requestTemplates.schedules.columns.lastPeriod'),
      nowrap: true,
      render: (schedule) =>
        schedule.lastPeriod ? (
          periodName(schedule.lastPeriod)
        ) : (
          <Text size="sm" c="dimmed">
            {t('requestTemplates.schedules.never')}
          </Text>
        ),
    },
  ];
  if (permissions.edit || permissions.delete) {
    columns.push({
      key: 'actions',
      header: t('common.table.actions'),
      width: 110,
      render: (schedule) => (
        <Group gap={4} wrap="nowrap">
          {permissions.edit && (
            <Tooltip label={t('common.actions.edit')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('requestTemplates.schedules.actions.edit', { name: schedule.name })}
                onClick={() => onEdit(schedule)}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {permissions.delete && (
            <Tooltip label={t('common.actions.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('requestTemplates.schedules.actions.delete', { name: schedule.name })}
                onClick={() => onDelete(schedule)}
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
      {...table}
      label={t('requestTemplates.schedules.tableLabel')}
      columns={columns}
      rowKey={(schedule) => schedule.id}
    />
  );
}
