import { Box, Group, Paper, Stack, Switch, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from '@/components/data-table/list-state';

export interface ChartTable {
  columns: string[];
  /** One row per month: its label first, then a cell per column after the first. */
  rows: Array<{ label: string; cells: string[] }>;
}

export interface ChartSectionProps {
  title: string;
  /** One sentence computed from the data; what a reader who does not look at the chart gets. */
  summary: string | null;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  empty: boolean;
  emptyText: string;
  height: number;
  table: ChartTable;
  /** The chart itself (lazy: recharts loads with the first chart a screen shows). */
  children: ReactNode;
  /** 3 inside a panel whose sections are h3 (the client details drawer). */
  headingOrder?: 2 | 3;
}

/**
 * The chart's numbers: shown in its place by the switch, and otherwise kept for screen readers
 * (without the scroll container, a scrollable region nobody can reach by keyboard).
 */
function ChartDataTable({ table, labelledBy, shown }: { table: ChartTable; labelledBy: string; shown: boolean }) {
  const data = (
    <Table striped aria-labelledby={labelledBy}>
      <Table.Thead>
        <Table.Tr>
          {table.columns.map((column) => (
            <Table.Th key={column} scope="col">
              {column}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {table.rows.map((row) => (
          <Table.Tr key={row.label}>
            <Table.Th scope="row" fw={400}>
              {row.label}
            </Table.Th>
            {row.cells.map((cell, i) => (
              <Table.Td key={table.columns[i + 1]} style={{ whiteSpace: 'nowrap' }}>
                {cell}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return shown ? <Table.ScrollContainer minWidth={0}>{data}</Table.ScrollContainer> : data;
}

/**
 * A chart with what makes it readable without seeing it (issue 24): a heading, a summary sentence
 * and the same numbers as a table behind a switch. The drawing is hidden from assistive technology,
 * which gets the summary and the table (visually hidden while the drawing shows) instead.
 */
export function ChartSection({
  title,
  summary,
  isPending,
  isError,
  onRetry,
  empty,
  emptyText,
  height,
  table,
  children,
  headingOrder = 2,
}: ChartSectionProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [asTable, setAsTable] = useState(false);
  const ready = !isPending && !isError && !empty;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} miw={0}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={headingOrder} size="h4" id={titleId}>
            {title}
          </Title>
          {ready && (
            <Switch
              size="xs"
              label={t('common.charts.showTable')}
              checked={asTable}
              onChange={(event) => setAsTable(event.currentTarget.checked)}
            />
          )}
        </Group>
        <ListState
          isError={isError}
          onRetry={onRetry}
          loadingFirst={isPending}
          empty={!isPending && !isError && empty}
          emptyHint={emptyText}
        />
        {ready && summary && <Text size="sm">{summary}</Text>}
        {ready &&
          (asTable ? (
            <ChartDataTable table={table} labelledBy={titleId} shown />
          ) : (
            <>
              <Box aria-hidden h={height}>
                <Suspense fallback={null}>{children}</Suspense>
              </Box>
              {/* The drawing's text equivalent, always there for screen readers (WCAG 1.1.1): the
                  summary says the gist, the table every number the chart draws. */}
              <VisuallyHidden>
                <ChartDataTable table={table} labelledBy={titleId} shown={false} />
              </VisuallyHidden>
            </>
          ))}
      </Stack>
    </Paper>
  );
}
