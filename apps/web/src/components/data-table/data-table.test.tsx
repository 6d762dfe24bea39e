import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { DataTable, type DataTableColumn } from './data-table';
import { useListParams } from './use-list-params';

interface Row {
  id: number;
  name: string;
}
const ALL: Row[] = Array.from({ length: 30 }, (_, index) => ({ id: index + 1, name: `Name ${index + 1}` }));
const columns: DataTableColumn<Row>[] = [{ key: 'name', header: 'Name', sortKey: 'name', render: (row) => row.name }];

/** A list screen as the app builds one: the URL's paging and sort, the rows of the current page. */
function List({ loading = false }: { loading?: boolean }) {
  const list = useListParams({});
  const location = useLocation();
  const rows = loading ? undefined : ALL.slice(list.query.offset, list.query.offset + list.pageSize);
  return (
    <>
      <output aria-label="URL">{location.search}</output>
      <DataTable
        label="Things"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        totalCount={loading ? 0 : ALL.length}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        sort={list.sort}
        onSortChange={list.setSort}
        isLoading={loading}
        isError={false}
        isFiltered={list.isFiltered}
      />
    </>
  );
}

describe('DataTable with useListParams', () => {
  it('goes back to page 1 when the sort changes, as it does on a new search', async () => {
    renderWithProviders(<List />, { route: '/things?page=2' });
    expect(screen.getByText('11-20 of 30')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Things' });
    await userEvent.setup().click(within(table).getByRole('button', { name: 'Name' }));
    expect(screen.getByText('1-10 of 30')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'URL' }).textContent).toBe('?sortedBy=name&sortedDesc=false');
  });

  it('shows a loading state in the footer while the first page loads, not "0-0 of 0"', () => {
    renderWithProviders(<List loading />);
    expect(screen.queryByText('0-0 of 0')).toBeNull();
    expect(screen.getAllByText('Loading…').length).toBeGreaterThan(0);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
