import type { ToDo } from '@ledgerport/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { ToDoCard } from './to-do-card';
import { ToDoList } from './to-do-list';

function toDo(overrides: Partial<ToDo> = {}): ToDo {
  return {
    kind: 'request-item',
    title: 'W-2 and 1099 forms',
    detail: 'Year-end tax documents 2026',
    dueDate: '2026-12-10',
    isOverdue: false,
    link: '/requests/12',
    requestId: 12,
    itemId: 1,
    returnNote: null,
    ...overrides,
  };
}

const entry = (title: string) => screen.getByRole('listitem', { name: title });

describe('ToDoList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('links a question about a transaction to the Questions tab with the firm’s note, and a bank to reconnect', async () => {
    const items = [
      toDo({
        kind: 'transaction-question',
        title: 'Question about Staples #1022 on 03/04/2025',
        detail: null,
        dueDate: null,
        link: '/reconciliations?clientId=7&tab=questions&questionId=11',
        requestId: null,
        itemId: null,
        returnNote: 'Which store was it?',
      }),
      toDo({
        kind: 'bank-connection',
        title: 'Reconnect First Platypus Bank',
        detail: null,
        dueDate: null,
        link: '/reconciliations?clientId=7',
        requestId: null,
        itemId: null,
      }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ items, totalCount: 2 })),
    );
    renderWithProviders(<ToDoList />);

    const question = await screen.findByRole('listitem', { name: 'Question about Staples #1022 on 03/04/2025' });
    expect(within(question).getByText('The firm asks again: Which store was it?')).toBeTruthy();
    expect(within(question).getByRole('link', { name: 'Answer' }).getAttribute('href')).toBe(
      '/reconciliations?clientId=7&tab=questions&questionId=11',
    );
    const bank = entry('Reconnect First Platypus Bank');
    expect(within(bank).getByRole('link', { name: 'Reconnect' }).getAttribute('href')).toBe(
      '/reconciliations?clientId=7',
    );
  });

  it('lists what waits on the client in the order given, with due dates, overdue, the firm’s note and a link', async () => {
    const items = [
      toDo({ title: 'Bank statements', detail: 'Monthly', dueDate: '2026-01-05', isOverdue: true, itemId: 3 }),
      toDo({ title: 'Did you sell a home?', returnNote: 'Please add the closing date.', itemId: 2 }),
      toDo({ kind: 'contractor-fee', title: '1099 filing fee', detail: '$50.00', dueDate: null, link: '/1099-form' }),
    ];
    const fetchMock = vi.fn(async (_url: string) => jsonResponse({ items, totalCount: 3 }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ToDoList />);

    const list = await screen.findByRole('list');
    const entries = within(list).getAllByRole('listitem');
    expect(entries).toHaveLength(3);
    ['Bank statements', 'Did you sell a home?', '1099 filing fee'].forEach((title, index) =>
      expect(entries[index]!.textContent).toContain(title),
    );
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/document/users/me/to-dos');

    const overdue = entry('Bank statements');
    expect(within(overdue).getByText('Due Jan 5, 2026')).toBeTruthy();
    expect(within(overdue).getByText('Overdue')).toBeTruthy();
    expect(within(overdue).getByRole('link', { name: 'Respond' }).getAttribute('href')).toBe('/requests/12');

    const returned = entry('Did you sell a home?');
    expect(within(returned).getByText('Returned: Please add the closing date.')).toBeTruthy();
    expect(within(returned).queryByText('Overdue')).toBeNull();

    const fee = entry('1099 filing fee');
    expect(within(fee).getByText('$50.00')).toBeTruthy();
    expect(within(fee).getByRole('link', { name: 'Pay' }).getAttribute('href')).toBe('/1099-form');
  });

  it('says so when nothing is waiting', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ items: [], totalCount: 0 })),
    );
    renderWithProviders(<ToDoList />);

    expect(await screen.findByText("You're all caught up")).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(errorResponse(500, 'INTERNAL_ERROR'))
      .mockResolvedValueOnce(jsonResponse({ items: [toDo()], totalCount: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ToDoList />);

    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('listitem', { name: 'W-2 and 1099 forms' })).toBeTruthy();
  });
});

describe('ToDoCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the first five entries and links to all of them', async () => {
    const items = Array.from({ length: 7 }, (_, index) => toDo({ title: `Item ${index + 1}`, itemId: index + 1 }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ items, totalCount: 7 })),
    );
    renderWithProviders(<ToDoCard allHref="/to-do" />);

    const card = await screen.findByRole('region', { name: 'To do' });
    expect(await within(card).findAllByRole('listitem')).toHaveLength(5);
    expect(within(card).queryByText('Item 6')).toBeNull();
    expect(within(card).getByRole('link', { name: 'View all (7)' }).getAttribute('href')).toBe('/to-do');
  });

  it('says all is done when nothing is waiting', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ items: [], totalCount: 0 })),
    );
    renderWithProviders(<ToDoCard allHref="/to-do" />);

    expect(await screen.findByText("You're all caught up")).toBeTruthy();
    expect(screen.queryByRole('link', { name: /View all/ })).toBeNull();
  });
});
