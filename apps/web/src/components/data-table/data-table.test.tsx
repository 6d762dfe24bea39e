import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { cardPlaces } from './data-cards';
import { DataTable, type DataTableColumn } from './data-table';
import { useListParams } from './use-list-params';

interface Row {
  id: number;
  name: string;
  city: string;
  note: string;
}
const ALL: Row[] = Array.from({ length: 30 }, (_, index) => ({
  id: index + 1,
  name: `Name ${index + 1}`,
  city: `City ${index + 1}`,
  note: `Note ${index + 1}`,
}));
const columns: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Name', sortKey: 'name', render: (row) => row.name },
  { key: 'city', header: 'City', sortKey: 'city', render: (row) => row.city },
  { key: 'note', header: 'Note', render: (row) => row.note, card: 'more' },
  {
    key: 'actions',
    header: 'Actions',
    render: (row) => <button type="button">{`Open ${row.name}`}</button>,
  },
];

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

/** The window as a phone held upright: every max-width query below the `sm` breakpoint matches. */
function phoneMatchMedia(query: string): MediaQueryList {
  return {
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
}

describe('DataTable on a phone', () => {
  const desktopMatchMedia = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = phoneMatchMedia;
  });
  afterEach(() => {
    window.matchMedia = desktopMatchMedia;
  });

  it('shows a card per row with the first fields, the rest behind More, and the row actions', async () => {
    renderWithProviders(<List />);
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Things' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    const card = screen.getByRole('article', { name: 'Name 1' });
    const shown = () =>
      within(card)
        .getAllByRole('definition')
        .map((value) => value.textContent);
    expect(
      within(card)
        .getAllByRole('term')
        .map((label) => label.textContent),
    ).toEqual(['City']);
    // The note is there only once More is open.
    expect(shown()).toEqual(['City 1']);
    expect(within(card).getByRole('button', { name: 'Open Name 1' })).toBeTruthy();
    const more = within(card).getByRole('button', { name: 'More' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup().click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(shown()).toEqual(['City 1', 'Note 1']);
    const other = screen.getByRole('article', { name: 'Name 2' });
    expect(
      within(other)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['City 2']);
  });

  it('sorts with the select and the direction button, back to page 1, and pages on', async () => {
    const user = userEvent.setup();
    renderWithProviders(<List />, { route: '/things?page=2' });
    expect(screen.getByRole('article', { name: 'Name 11' })).toBeTruthy();
    const direction = screen.getByRole('button', { name: 'Sort descending' });
    expect((direction as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'City', hidden: true }));
    expect(screen.getByRole('status', { name: 'URL' }).textContent).toBe('?sortedBy=city&sortedDesc=false');
    expect(direction.getAttribute('aria-pressed')).toBe('false');

    await user.click(direction);
    expect(screen.getByRole('status', { name: 'URL' }).textContent).toBe('?sortedBy=city&sortedDesc=true');
    expect(direction.getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('11-20 of 30')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Name 11' })).toBeTruthy();
  });

  it('shows the empty state instead of cards', () => {
    renderWithProviders(<List loading />);
    expect(screen.queryByRole('list', { name: 'Things' })).toBeNull();
    expect(screen.getAllByText('Loading…').length).toBeGreaterThan(0);
  });
});

describe('cardPlaces', () => {
  const column = (key: string, card?: DataTableColumn<Row>['card']): DataTableColumn<Row> => ({
    key,
    header: key,
    render: () => key,
    card,
  });

  it('puts the first column on top, the next two on the face and the rest behind More by default', () => {
    const places = cardPlaces(['select', 'a', 'b', 'c', 'd', 'actions'].map((key) => column(key)));
    expect(places).toEqual(['select', 'title', 'primary', 'primary', 'more', 'actions']);
  });

  it('keeps only what a list names on the face, and heads the card with its first face field if no title is named', () => {
    const places = cardPlaces([column('a'), column('b', 'primary'), column('c'), column('d', 'primary')]);
    expect(places).toEqual(['more', 'title', 'more', 'primary']);
  });
});
