import type { ContractorListItemDto } from '@ledgerport/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { ContractorsTable, type ContractorsTableOptions } from './contractors-table';

const row = (overrides: Partial<ContractorListItemDto>): ContractorListItemDto => ({
  id: 1,
  version: '7',
  contractorType: { id: 1, name: 'Business' },
  businessName: 'Acme LLC',
  firstName: null,
  lastName: null,
  fullName: 'Acme LLC',
  identificationNumber: '**-***6789',
  addressLine1: '1 Main St',
  addressLine2: null,
  city: 'Austin',
  stateId: 44,
  stateName: 'Texas',
  zipCode: '73301',
  totalPayment: 1250.5,
  serviceFee: 15,
  isPaid: false,
  isCompleted: false,
  client: { id: 3, name: 'Client Co' },
  taxYear: 2026,
  ...overrides,
});

const ROWS = [
  row({}),
  row({ id: 2, fullName: 'Paid Co', isPaid: true, isCompleted: true }),
  row({ id: 3, fullName: 'Zero Co', totalPayment: 0 }),
  row({ id: 4, fullName: 'Old Co', taxYear: 2025 }),
];

function renderTable(options: Partial<ContractorsTableOptions>) {
  renderWithProviders(
    <ContractorsTable
      label="1099 Form"
      rows={ROWS}
      totalCount={ROWS.length}
      page={1}
      pageSize={10}
      onPageChange={vi.fn()}
      onPageSizeChange={vi.fn()}
      isLoading={false}
      isError={false}
      isFiltered={false}
      isClient={false}
      currentYear={2026}
      {...options}
    />,
  );
  return userEvent.setup();
}

const rowOf = (name: string) => screen.getAllByRole('row').find((tr) => within(tr).queryByText(name))!;

describe('ContractorsTable', () => {
  it('shows staff the client and complete columns; ticking calls back with the new state', async () => {
    const onToggleCompleted = vi.fn();
    const user = renderTable({ onToggleCompleted, onEdit: vi.fn(), onDelete: vi.fn() });
    expect(screen.getByRole('columnheader', { name: /Client/ })).toBeTruthy();
    expect(within(rowOf('Acme LLC')).getByText('$1,250.50')).toBeTruthy();
    expect(within(rowOf('Acme LLC')).getByText('**-***6789')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Completed: Acme LLC' }));
    expect(onToggleCompleted).toHaveBeenCalledWith(ROWS[0], true);
    await user.click(screen.getByRole('checkbox', { name: 'Completed: Paid Co' }));
    expect(onToggleCompleted).toHaveBeenLastCalledWith(ROWS[1], false);
    expect(screen.queryByText('Needs action')).toBeNull();
  });

  it('disables the tick box without contractor:complete-or-open', () => {
    renderTable({});
    expect((screen.getByRole('checkbox', { name: 'Completed: Acme LLC' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('offers edit and delete only for unpaid contractors of the current tax year', () => {
    renderTable({ onEdit: vi.fn(), onDelete: vi.fn() });
    expect(screen.getByRole('button', { name: 'Edit Acme LLC' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Acme LLC' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Paid Co' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Old Co' })).toBeNull();
    expect(within(rowOf('Paid Co')).getByText('Paid')).toBeTruthy();
  });

  it('hides the firm’s columns from a client user and flags a contractor with a zero total', () => {
    renderTable({ isClient: true });
    expect(screen.queryByRole('columnheader', { name: /Client/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(within(rowOf('Zero Co')).getByText('Needs action')).toBeTruthy();
    expect(within(rowOf('Acme LLC')).queryByText('Needs action')).toBeNull();
  });
});
