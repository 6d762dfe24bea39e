import type { RequestListItem } from '@ledgerport/shared';
import { Anchor, Badge, Checkbox, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn, type DataTableProps } from '@/components/data-table/data-table';
import { DATE_FORMAT, formatDate } from '@/lib/dates';
import { OverdueBadge, RequestStatusBadge } from './request-badges';

type RequestsTableProps = Omit<DataTableProps<RequestListItem>, 'columns' | 'rowKey'> & {
  detailsHref: (request: RequestListItem) => string;
  /** The client column is left out where the list is one client's (its details panel, a client user). */
  withClient: boolean;
  /** Creator and creation date: staff only. */
  withCreator: boolean;
  /** Rows to select for a bulk action (staff's "Remind selected"); no checkboxes without it. */
  selection?: { selectedIds: ReadonlySet<number>; onChange: (ids: Set<number>) => void };
};

/** "3 of 6" accepted, with a bar, and how many wait on the firm's review. */
export function RequestProgress({ request }: { request: RequestListItem }) {
  const { t } = useTranslation();
  const percent = request.itemCount === 0 ? 0 : Math.round((request.acceptedCount / request.itemCount) * 100);
  const label = t('requests.progress', { accepted: request.acceptedCount, total: request.itemCount });
  return (
    <Stack gap={4} miw={110}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {label}
        </Text>
        {request.submittedCount > 0 && (
          <Badge size="sm" variant="light" color="blue">
            {t('requests.toReview', { count: request.submittedCount })}
          </Badge>
        )}
      </Group>
      <Progress value={percent} size="sm" aria-label={label} color={percent === 100 ? 'green' : 'blue'} />
    </Stack>
  );
}

/** Requests across clients (or of one client): paged and sorted by the server, overdue in red. */
export function RequestsTable({ detailsHref, withClient, withCreator, selection, ...props }: RequestsTableProps) {
  const { t } = useTranslation();
  const pageIds = (props.rows ?? []).map((row) => row.id);
  const selectedOnPage = selection ? pageIds.filter((id) => selection.selectedIds.has(id)).length : 0;
  const toggle = (id: number, checked: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selectedIds);
    if (checked) next.add(id);
    else next.delete(id);
    selection.onChange(next);
  };
  const selectColumn: DataTableColumn<RequestListItem>[] = selection
    ? [
        {
          key: 'select',
          // Beside the page checkbox above the cards on a phone.
          label: t('requests.remind.selectAll'),
          width: 40,
          header: (
            <Checkbox
              aria-label={t('requests.remind.selectAll')}
              checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
              indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
              disabled={pageIds.length === 0}
              onChange={(event) => selection.onChange(event.currentTarget.checked ? new Set(pageIds) : new Set())}
            />
          ),
          render: (row) => (
            <Checkbox
              aria-label={t('requests.remind.selectRow', { title: row.title })}
              checked={selection.selectedIds.has(row.id)}
              onChange={(event) => toggle(row.id, event.currentTarget.checked)}
            />
          ),
        },
      ]
    : [];
  const columns: DataTableColumn<RequestListItem>[] = [
    ...selectColumn,
    {
      key: 'title',
      card: 'title',
      header: t('requests.columns.title'),
      sortKey: 'title',
      // A long title wraps in a column wide enough to read, rather than one word a line on a phone.
      render: (row) => (
        <Anchor component={Link} to={detailsHref(row)} display="inline-block" miw={200} maw={420}>
          {row.title}
        </Anchor>
      ),
    },
    ...(withClient
      ? [
          {
            key: 'client',
            card: 'primary' as const,
            header: t('requests.columns.client'),
            sortKey: 'client',
            render: (row: RequestListItem) => row.client.name,
          },
        ]
      : []),
    { key: 'service', header: t('requests.columns.service'), render: (row) => row.service.displayName },
    {
      key: 'dueDate',
      card: 'primary',
      header: t('requests.columns.dueDate'),
      sortKey: 'dueDate',
      nowrap: true,
      render: (row) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" c={row.isOverdue ? 'red' : undefined} fw={row.isOverdue ? 600 : undefined}>
            {formatDate(row.dueDate, DATE_FORMAT.table)}
          </Text>
          {row.isOverdue && <OverdueBadge />}
        </Group>
      ),
    },
    {
      key: 'progress',
      header: t('requests.columns.progress'),
      nowrap: true,
      render: (row) => <RequestProgress request={row} />,
    },
    {
      key: 'status',
      card: 'primary',
      header: t('requests.columns.status'),
      sortKey: 'status',
      render: (row) => <RequestStatusBadge status={row.status} />,
    },
    ...(withCreator
      ? [
          {
            key: 'createdBy',
            header: t('requests.columns.createdBy'),
            render: (row: RequestListItem) => row.createdBy?.name ?? t('requests.createdBySchedule'),
          },
          {
            key: 'createdAt',
            header: t('requests.columns.createdAt'),
            sortKey: 'createdAt',
            nowrap: true,
            render: (row: RequestListItem) => formatDate(row.createdAt, DATE_FORMAT.table),
          },
        ]
      : []),
  ];
  return <DataTable {...props} columns={columns} rowKey={(row) => row.id} />;
}
