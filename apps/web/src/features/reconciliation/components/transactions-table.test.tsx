import type { TransactionDto } from '@ledgerport/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { TransactionsTable } from './transactions-table';

const rows: TransactionDto[] = [
  {
    id: 1,
    date: '2025-03-04',
    name: 'ACH Client payment - Riverside Inc',
    category: 'Income',
    categoryId: 3,
    amount: 1250.5,
    isoCurrencyCode: 'USD',
    questionStatus: null,
  },
  {
    id: 2,
    date: '2025-03-09',
    name: 'Fiberline Internet',
    category: null,
    categoryId: null,
    amount: -89.99,
    isoCurrencyCode: 'USD',
    questionStatus: null,
  },
  {
    id: 3,
    date: '2025-03-31',
    name: 'Interest',
    category: 'Income',
    categoryId: 3,
    amount: 0,
    isoCurrencyCode: 'USD',
    questionStatus: null,
  },
];

/** A dash for the eye, the words for screen readers. */
const NO_QUESTION = '—No question';

describe('TransactionsTable', () => {
  it('shows the date as MM.DD.YY, a cut name with the full one on hover, the signed amount and the type', () => {
    renderWithProviders(
      <TransactionsTable
        rows={rows}
        totalCount={3}
        page={1}
        pageSize={10}
        onPageChange={vi.fn()}
        onPageSizeChange={vi.fn()}
        isLoading={false}
        isError={false}
        onRetry={vi.fn()}
        isFiltered={false}
      />,
    );
    const table = screen.getByRole('table', { name: 'Transactions' });
    const [, deposit, withdrawal, zero] = within(table).getAllByRole('row');

    const depositCells = within(deposit!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(depositCells).toEqual(['03.04.25', 'ACH Client payment -…', 'Income', '+$1,250.50', 'Deposit', NO_QUESTION]);
    expect(within(deposit!).getByLabelText('ACH Client payment - Riverside Inc')).toBeTruthy();

    const withdrawalCells = within(withdrawal!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(withdrawalCells).toEqual(['03.09.25', 'Fiberline Internet', '—', '-$89.99', 'Withdrawal', NO_QUESTION]);

    expect(
      within(zero!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['03.31.25', 'Interest', 'Income', '+$0.00', 'Deposit', NO_QUESTION]);
  });

  it('shows each transaction’s question status in words', () => {
    renderWithProviders(
      <TransactionsTable
        rows={[{ ...rows[0]!, questionStatus: 'waiting' }, { ...rows[1]!, questionStatus: 'resolved' }, rows[2]!]}
        totalCount={3}
        page={1}
        pageSize={10}
        onPageChange={vi.fn()}
        onPageSizeChange={vi.fn()}
        isLoading={false}
        isError={false}
        onRetry={vi.fn()}
        isFiltered={false}
      />,
    );
    const table = screen.getByRole('table');
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(within(bodyRows[0]!).getByText('Waiting on client')).toBeTruthy();
    expect(within(bodyRows[1]!).getByText('Resolved')).toBeTruthy();
    expect(within(bodyRows[2]!).getByText('No question')).toBeTruthy();
    // Without a selection there is nothing to tick.
    expect(within(table).queryByRole('checkbox')).toBeNull();
  });

  it('selects rows one by one or the whole page, each checkbox named after its transaction', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <TransactionsTable
        rows={rows}
        totalCount={3}
        page={1}
        pageSize={10}
        onPageChange={vi.fn()}
        onPageSizeChange={vi.fn()}
        isLoading={false}
        isError={false}
        onRetry={vi.fn()}
        isFiltered={false}
        selection={{ selected: new Set([2]), onChange }}
      />,
    );
    const fiber = screen.getByRole('checkbox', { name: 'Select Fiberline Internet on 03.09.25' }) as HTMLInputElement;
    expect(fiber.checked).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Select Interest on 03.31.25' }));
    expect([...onChange.mock.calls[0]![0]]).toEqual([2, 3]);
    await user.click(screen.getByRole('checkbox', { name: 'Select every transaction on this page' }));
    expect([...onChange.mock.calls[1]![0]].sort()).toEqual([1, 2, 3]);
  });
});
