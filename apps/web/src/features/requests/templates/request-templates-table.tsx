import type { RequestTemplateListItem } from '@ledgerport/shared';
import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type DataTableProps } from '@/components/data-table/data-table';

type TableProps = Omit<DataTableProps<RequestTemplateListItem>, 'columns' | 'rowKey' | 'label'>;

/** Request templates: name (with the title its requests get), service, due offset and item count. */
export function RequestTemplatesTable({
  permissions,
  onEdit,
  onDelete,
  ...table
}: TableProps & {
  permissions: { edit: boolean; delete: boolean };
  onEdit: (template: RequestTemplateListItem) => void;
  onDelete: (template: RequestTemplateListItem) => void;
}) {
  const { t } = useTranslation();

  const columns: DataTableColumn<RequestTemplateListItem>[] = [
    {
      key: 'name',
      card: 'title',
      header: t('requestTemplates.templates.columns.name'),
      sortKey: 'name',
      render: (template) => (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {template.name}
          </Text>
          {template.title !== template.name && (
            <Text size="xs" c="dimmed">
              {t('requestTemplates.templates.requestTitle', { title: template.title })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'service',
      card: 'primary',
      header: t('requestTemplates.templates.columns.service'),
      sortKey: 'service',
      render: (template) => template.service.displayName,
    },
    {
      key: 'dueOffsetDays',
      card: 'primary',
      header: t('requestTemplates.templates.columns.dueOffset'),
      sortKey: 'dueOffsetDays',
      nowrap: true,
      render: (template) => t('requestTemplates.templates.dueOffset', { count: template.dueOffsetDays }),
    },
    {
      key: 'items',
      header: t('requestTemplates.templates.columns.items'),
      render: (template) => template.itemCount,
    },
  ];
  if (permissions.edit || permissions.delete) {
    columns.push({
      key: 'actions',
      header: t('common.table.actions'),
      width: 110,
      render: (template) => (
        <Group gap={4} wrap="nowrap">
          {permissions.edit && (
            <Tooltip label={t('common.actions.edit')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('requestTemplates.templates.actions.edit', { name: template.name })}
                onClick={() => onEdit(template)}
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
                aria-label={t('requestTemplates.templates.actions.delete', { name: template.name })}
                onClick={() => onDelete(template)}
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
      label={t('requestTemplates.templates.tableLabel')}
      columns={columns}
      rowKey={(template) => template.id}
    />
  );
}
