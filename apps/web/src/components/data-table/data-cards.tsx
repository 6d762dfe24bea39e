import { EMPTY_VALUE } from '@ledgerport/shared';
import { ActionIcon, Button, Group, Paper, Select, Text } from '@mantine/core';
import { IconChevronDown, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useId, useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardPlace, DataTableColumn, SortState } from './data-table';
import classes from './data-table.module.css';

/**
 * Each column's place on a card. A column that names none: `select` and `actions` go by their keys
 * (every list keys its checkbox and button columns so); the others by position when no column names a
 * title or a face field (the first is the title, the next two on the face, the rest behind More), and
 * behind More when some do. Without a title the first face field heads the card.
 */
export function cardPlaces<T>(columns: readonly DataTableColumn<T>[]): CardPlace[] {
  const named = columns.some((column) => column.card === 'title' || column.card === 'primary');
  let unnamed = 0;
  const places = columns.map((column): CardPlace => {
    if (column.card) return column.card;
    if (column.key === 'select') return 'select';
    if (column.key === 'actions') return 'actions';
    if (named) return 'more';
    unnamed += 1;
    return unnamed === 1 ? 'title' : unnamed <= 3 ? 'primary' : 'more';
  });
  const firstPrimary = places.indexOf('primary');
  if (!places.includes('title') && firstPrimary >= 0) places[firstPrimary] = 'title';
  return places;
}

interface DataCardsProps<T> {
  label: string;
  columns: DataTableColumn<T>[];
  /** The rows to show, or undefined when the list shows its state (loading, empty, error) instead. */
  rows: T[] | undefined;
  rowKey: (row: T) => Key;
  selectedKey?: Key | null;
  isLoading: boolean;
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
}

/**
 * The list on a phone: a card per row with the columns that matter first on its face and the rest
 * behind "More", the page checkbox and the order above the cards (there are no headers to click).
 */
export function DataCards<T>({ columns, ...props }: DataCardsProps<T>) {
  const places = cardPlaces(columns);
  const placed = (place: CardPlace) => columns.filter((_, index) => places[index] === place);
  const selectColumn = placed('select')[0];
  const sortable = columns.filter(
    (column): column is DataTableColumn<T> & { sortKey: string; header: string } =>
      Boolean(column.sortKey) && typeof column.header === 'string',
  );
  const showsSort = props.onSortChange !== undefined && sortable.length > 0;

  return (
    <>
      {(selectColumn || showsSort) && (
        <Group justify="space-between" align="flex-end" gap="sm">
          {selectColumn && (
            <Group component="label" gap="xs" wrap="nowrap" className={classes.selectPage}>
              {selectColumn.header}
              {selectColumn.label && <Text size="sm">{selectColumn.label}</Text>}
            </Group>
          )}
          {showsSort && <SortControl columns={sortable} sort={props.sort} onSortChange={props.onSortChange!} />}
        </Group>
      )}
      {props.rows && (
        <ul className={classes.cards} aria-label={props.label} aria-busy={props.isLoading}>
          {props.rows.map((row) => {
            const key = props.rowKey(row);
            return (
              <DataCard
                key={key}
                row={row}
                selected={props.selectedKey === key}
                title={placed('title')}
                select={selectColumn}
                primary={placed('primary')}
                more={placed('more')}
                actions={placed('actions')}
              />
            );
          })}
        </ul>
      )}
    </>
  );
}

function SortControl<T>({
  columns,
  sort,
  onSortChange,
}: {
  columns: Array<DataTableColumn<T> & { sortKey: string; header: string }>;
  sort?: SortState;
  onSortChange: (sort: SortState) => void;
}) {
  const { t } = useTranslation();
  const sortedBy = columns.some((column) => column.sortKey === sort?.sortedBy) ? sort!.sortedBy! : null;
  const descending = Boolean(sortedBy && sort?.sortedDesc);
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap" className={classes.sort}>
      <Select
        label={t('common.table.sortBy')}
        placeholder={t('common.table.defaultOrder')}
        data={columns.map((column) => ({ value: column.sortKey, label: column.header }))}
        value={sortedBy}
        allowDeselect={false}
        onChange={(value) => value && onSortChange({ sortedBy: value, sortedDesc: false })}
        size="sm"
        className={classes.sortSelect}
      />
      <ActionIcon
        variant="default"
        size="input-sm"
        aria-label={t('common.table.sortDescending')}
        aria-pressed={descending}
        disabled={!sortedBy}
        onClick={() => onSortChange({ sortedBy: sortedBy ?? undefined, sortedDesc: !descending })}
      >
        {descending ? <IconSortDescending size={18} aria-hidden /> : <IconSortAscending size={18} aria-hidden />}
      </ActionIcon>
    </Group>
  );
}

function DataCard<T>({
  row,
  selected,
  title,
  select,
  primary,
  more,
  actions,
}: {
  row: T;
  selected: boolean;
  title: DataTableColumn<T>[];
  select?: DataTableColumn<T>;
  primary: DataTableColumn<T>[];
  more: DataTableColumn<T>[];
  actions: DataTableColumn<T>[];
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const titleId = `${id}-title`;
  const moreId = `${id}-more`;
  return (
    <li>
      <Paper
        component="article"
        withBorder
        radius="md"
        p="sm"
        className={classes.card}
        aria-labelledby={title.length > 0 ? titleId : undefined}
        aria-current={selected || undefined}
        data-selected={selected || undefined}
      >
        {(select || title.length > 0) && (
          <Group gap="sm" wrap="nowrap" align="flex-start" mb={primary.length > 0 ? 'xs' : undefined}>
            {select && cardValue(select, row)}
            <div id={titleId} className={classes.cardTitle}>
              {title.map((column) => (
                <div key={column.key}>{cardValue(column, row)}</div>
              ))}
            </div>
          </Group>
        )}
        <Fields row={row} columns={primary} />
        {more.length > 0 && (
          <div id={moreId} hidden={!open} className={classes.more}>
            <Fields row={row} columns={more} />
          </div>
        )}
        {(more.length > 0 || actions.length > 0) && (
          <Group justify="space-between" gap="xs" mt="xs" className={classes.cardFoot}>
            {more.length > 0 ? (
              <Button
                variant="subtle"
                size="compact-sm"
                aria-expanded={open}
                aria-controls={moreId}
                onClick={() => setOpen((value) => !value)}
                rightSection={<IconChevronDown size={16} aria-hidden className={classes.chevron} data-open={open} />}
              >
                {t('common.table.more')}
              </Button>
            ) : (
              <span />
            )}
            {actions.length > 0 && (
              <Group gap={4} wrap="nowrap">
                {actions.map((column) => (
                  <div key={column.key}>{cardValue(column, row)}</div>
                ))}
              </Group>
            )}
          </Group>
        )}
      </Paper>
    </li>
  );
}

function cardValue<T>(column: DataTableColumn<T>, row: T) {
  return (column.renderCard ?? column.render)(row);
}

/** A label with nothing after it reads as a broken card: a blank value shows as the app's dash. */
function filled(value: ReactNode): ReactNode {
  return value === null || value === undefined || value === '' ? EMPTY_VALUE : value;
}

/** "Header: value" pairs, one line each while they fit. */
function Fields<T>({ row, columns }: { row: T; columns: DataTableColumn<T>[] }) {
  if (columns.length === 0) return null;
  return (
    <dl className={classes.fields}>
      {columns.map((column) => (
        <div key={column.key} className={classes.field}>
          <dt>{column.header}</dt>
          <dd className={column.nowrap ? classes.nowrap : undefined} data-nowrap={column.nowrap || undefined}>
            {filled(cardValue(column, row))}
          </dd>
        </div>
      ))}
    </dl>
  );
}
