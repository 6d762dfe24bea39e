import type { TransactionDto } from '@ledgerport/shared';
import { screen, within } from '@testing-library/react';
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
    expect(depositCells).toEqual(['03.04.25', 'ACH Client payment -…', 'Income', '+$1,250.50', 'Deposit']);
    expect(within(deposit!).getByLabelText('ACH Client payment - Riverside Inc')).toBeTruthy();

    const withdrawalCells = within(withdrawal!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(withdrawalCells).toEqual(['03.09.25', 'Fiberline Internet', '—', '-$89.99', 'Withdrawal']);

    expect(
      within(zero!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['03.31.25', 'Interest', 'Income', '+$0.00', 'Deposit']);
  });
});
