import type { DocumentListItemDto } from '@ledgerport/shared';
import { ActionIcon, Anchor, Checkbox, Group, Indicator, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye, IconMessageCircle, IconPencil, IconShare } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn, type SortState } from '@/components/data-table/data-table';
import { DATE_FORMAT, formatDate } from '@/lib/dates';
import { DocumentStatusBadge } from './document-status-badge';
import { DocumentTags } from './document-tags';

export interface DocumentRowActions {
  onEdit?: (row: DocumentListItemDto) => void;
  onPreview: (row: DocumentListItemDto) => void;
  onComments: (row: DocumentListItemDto) => void;
  onShare?: (row: DocumentListItemDto) => void;
}

export interface DocumentsTableProps {
  label: string;
  rows: DocumentListItemDto[] | undefined;
  totalCount: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  sort: SortState;
  onSortChange: (sort: SortState) => void;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  isFiltered: boolean;
  emptyAction?: ReactNode;
  showClient: boolean;
  showStatus: boolean;
  selectedIds: ReadonlySet<number>;
  onSelectionChange: (ids: Set<number>) => void;
  documentHref: (id: number) => string;
  actions: DocumentRowActions;
}

/** One table for My uploads and Received docs: columns by role (spec 02), selection for the toolbar. */
export function DocumentsTable(props: DocumentsTableProps) {
  const { t } = useTranslation();
  const { rows = [], selectedIds, onSelectionChange, actions } = props;
  const pageIds = rows.map((row) => row.id);
  const selectedOnPage = pageIds.filter((id) => selectedIds.has(id)).length;

  const toggle = (id: number, checked: boolean) => {
    const next = new Set(selectedIds);
    if (checked) next.add(id);
    else next.delete(id);
    onSelectionChange(next);
  };
  const toggleAll = (checked: boolean) => onSelectionChange(checked ? new Set(pageIds) : new Set());

  const columns: DataTableColumn<DocumentListItemDto>[] = [
    {
      key: 'select',
      width: 40,
      // On a phone's cards the page checkbox stands alone above them, so it shows its words.
      label: t('documents.actions.selectAll'),
      header: (
        <Checkbox
          aria-label={t('documents.actions.selectAll')}
          checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
          indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
          disabled={pageIds.length === 0}
          onChange={(event) => toggleAll(event.currentTarget.checked)}
        />
      ),
      render: (row) => (
        <Checkbox
          aria-label={t('documents.actions.selectRow', { name: row.displayName })}
          checked={selectedIds.has(row.id)}
          onChange={(event) => toggle(row.id, event.currentTarget.checked)}
        />
      ),
    },
  ];
  if (props.showClient) {
    columns.push({
      key: 'client',
      header: t('documents.columns.client'),
      card: 'primary',
      sortKey: 'client',
      render: (row) => row.client,
    });
  }
  columns.push(
    {
      key: 'displayName',
      header: t('documents.columns.displayName'),
      // The document is the card's title on a phone, not the client (a staff list's first column).
      card: 'title',
      sortKey: 'displayName',
      render: (row) => (
        <Tooltip
          label={t('documents.uploadedBy', {
            name: row.creatorUser.fullName,
            date: formatDate(row.creationTime, DATE_FORMAT.table),
          })}
          withArrow
        >
          <Anchor component={Link} to={props.documentHref(row.id)} fw={500}>
            {row.displayName}
          </Anchor>
        </Tooltip>
      ),
    },
    { key: 'tags', header: t('documents.columns.tags'), render: (row) => <DocumentTags tags={row.tags} /> },
    {
      key: 'service',
      header: t('documents.columns.service'),
      sortKey: 'service',
      render: (row) => row.service.displayName,
    },
    {
      key: 'uploaded',
      header: t('documents.columns.uploaded'),
      card: 'primary',
      sortKey: 'creationTime',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">{formatDate(row.creationTime, DATE_FORMAT.table)}</Text>
          <Text size="xs" c="dimmed">
            {t('documents.byUploader', { name: row.creatorUser.fullName })}
          </Text>
        </Stack>
      ),
    },
  );
  if (props.showStatus) {
    columns.push({
      key: 'status',
      header: t('documents.columns.status'),
      card: 'primary',
      sortKey: 'status',
      render: (row) => <DocumentStatusBadge status={row.status} />,
    });
  }
  columns.push({
    key: 'actions',
    header: t('common.table.actions'),
    render: (row) => (
      <Group gap={4} wrap="nowrap">
        {actions.onEdit && (
          <ActionIcon
            variant="subtle"
            aria-label={t('documents.actions.edit', { name: row.displayName })}
            onClick={() => actions.onEdit?.(row)}
          >
            <IconPencil size={18} />
          </ActionIcon>
        )}
        <ActionIcon
          variant="subtle"
          aria-label={t('documents.actions.preview', { name: row.displayName })}
          onClick={() => actions.onPreview(row)}
        >
          <IconEye size={18} />
        </ActionIcon>
        <Indicator label={row.numberOfComments} size={16} disabled={row.numberOfComments === 0} offset={4}>
          <ActionIcon
            variant="subtle"
            // The badge is drawn for the eye; the count is also in the name for screen readers.
            aria-label={
              row.numberOfComments > 0
                ? t('documents.actions.commentsWithCount', { name: row.displayName, count: row.numberOfComments })
                : t('documents.actions.comments', { name: row.displayName })
            }
            onClick={() => actions.onComments(row)}
          >
            <IconMessageCircle size={18} />
          </ActionIcon>
        </Indicator>
        {actions.onShare && (
          <ActionIcon
            variant="subtle"
            aria-label={t('documents.actions.share', { name: row.displayName })}
            onClick={() => actions.onShare?.(row)}
          >
            <IconShare size={18} />
          </ActionIcon>
        )}
      </Group>
    ),
  });

  return (
    <DataTable
      label={props.label}
      columns={columns}
      rows={props.rows}
      rowKey={(row) => row.id}
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
