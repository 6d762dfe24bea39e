import { Group, Stack, Table, UnstyledButton } from '@mantine/core';
import { IconSortAscending, IconSortDescending, IconSelector } from '@tabler/icons-react';
import type { Key, ReactNode } from 'react';
import { useIsPhone } from '@/lib/use-is-phone';
import { DataCards } from './data-cards';
import classes from './data-table.module.css';
import { ListPager } from './list-pager';
import { ListState } from './list-state';

export interface DataTableColumn<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  /** The API's sortedBy value; the column header becomes a sort button. */
  sortKey?: string;
  width?: number | string;
  /** The value is read as one piece (a phone number and extension): its cells never wrap. */
  nowrap?: boolean;
  /**
   * Where the column goes on a phone, where each row is a card (below Mantine's `sm` breakpoint):
   * `title` heads the card; `primary` is on its face as "header: value"; `more` waits behind the
   * card's "More" button; `actions` is the card's foot (the row's buttons and menus); `select` is the
   * row's checkbox beside the title, its header's page checkbox going above the cards. Unset, see
   * `cardPlaces`: what matters first should come first.
   */
  card?: CardPlace;
  /** The value on a card where it differs from the cell's (a name the narrow column cuts short). */
  renderCard?: (row: T) => ReactNode;
  /**
   * The column's name in words where its header is not words: the page checkbox of a `select`
   * column is shown above the cards with this text beside it (say what its aria-label says).
   */
  label?: string;
}

export type CardPlace = 'title' | 'primary' | 'more' | 'actions' | 'select';

export interface SortState {
  sortedBy?: string;
  sortedDesc?: boolean;
}

export interface DataTableProps<T> {
  /** Accessible name of the table, usually the screen's heading. */
  label: string;
  columns: DataTableColumn<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => Key;
  totalCount: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
  isLoading: boolean;
  isError: boolean;
  onRetry?: () => void;
  /** Whether a search is active: decides between the empty state and the no-results state. */
  isFiltered: boolean;
  /** Shown under the empty-state text when there is no data and no search (e.g. a create button). */
  emptyAction?: ReactNode;
  /** Highlights and labels a selected row (details panels). */
  selectedKey?: Key | null;
}

/**
 * The one table of every list: server-side paging and sorting, "Rows per page" with 5/10/15/50, the
 * "1-10 of N" footer, and the empty, no-results, loading and error states of DESIGN.md section 7.
 * On a phone the rows are cards (`DataCards`, each column's `card` place) with a sort select above.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, totalCount, page, pageSize, sort } = props;
  const phone = useIsPhone();
  const loadingFirst = props.isLoading && !rows;

  const header = (column: DataTableColumn<T>) => {
    if (!column.sortKey || !props.onSortChange) return column.header;
    const active = sort?.sortedBy === column.sortKey;
    const Icon = !active ? IconSelector : sort?.sortedDesc ? IconSortDescending : IconSortAscending;
    return (
      <UnstyledButton
        onClick={() =>
          props.onSortChange?.({ sortedBy: column.sortKey, sortedDesc: active ? !sort?.sortedDesc : false })
        }
        fw={600}
      >
        <Group gap={4} wrap="nowrap">
          {column.header}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    );
  };

  const state = (
    <ListState
      isError={props.isError}
      onRetry={props.onRetry}
      loadingFirst={loadingFirst}
      empty={!rows || rows.length === 0}
      isFiltered={props.isFiltered}
      emptyAction={props.emptyAction}
    />
  );
  const showsRows = !props.isError && !loadingFirst && rows !== undefined && rows.length > 0;

  return (
    <Stack gap="sm">
      {phone ? (
        <DataCards
          label={props.label}
          columns={columns}
          rows={showsRows ? rows : undefined}
          rowKey={props.rowKey}
          selectedKey={props.selectedKey}
          isLoading={props.isLoading}
          sort={sort}
          onSortChange={props.onSortChange}
        />
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table
            aria-label={props.label}
            highlightOnHover
            verticalSpacing="sm"
            aria-busy={props.isLoading}
            className={classes.table}
          >
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th
                    key={column.key}
                    style={column.width ? { width: column.width } : undefined}
                    aria-sort={
                      column.sortKey && sort?.sortedBy === column.sortKey
                        ? sort.sortedDesc
                          ? 'descending'
                          : 'ascending'
                        : undefined
                    }
                  >
                    {header(column)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            {showsRows && (
              <Table.Tbody>
                {rows.map((row) => {
                  const key = props.rowKey(row);
                  return (
                    <Table.Tr
                      key={key}
                      aria-selected={props.selectedKey === key || undefined}
                      bg={props.selectedKey === key ? 'var(--mantine-primary-color-light)' : undefined}
                    >
                      {columns.map((column) => (
                        <Table.Td
                          key={column.key}
                          className={column.nowrap ? classes.nowrap : undefined}
                          data-nowrap={column.nowrap || undefined}
                        >
                          {column.render(row)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            )}
          </Table>
        </Table.ScrollContainer>
      )}
      {!showsRows && state}
      <ListPager
        page={page}
        pageSize={pageSize}
        totalCount={totalCount}
        loadingFirst={loadingFirst}
        onPageChange={props.onPageChange}
        onPageSizeChange={props.onPageSizeChange}
      />
    </Stack>
  );
}
