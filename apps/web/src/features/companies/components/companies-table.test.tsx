import type { CompanyListItem } from '@ledgerport/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { CompaniesTable } from './companies-table';

const company = (overrides: Partial<CompanyListItem>): CompanyListItem => ({
  id: 1,
  legalName: 'Blue Ridge',
  businessEntityType: { id: 1, name: 'LLC' },
  contactFullName: 'Ada Lovelace',
  contactEmailAddress: 'ada@example.com',
  contactPhoneNumber: '(555) 010-0100',
  isResident: true,
  registrationPaymentStatus: { id: 2, name: 'Paid' },
  creationTime: '2026-03-05T12:00:00.000Z',
  ...overrides,
});

function renderTable(rows: CompanyListItem[], detailsHref?: (company: CompanyListItem) => string) {
  renderWithProviders(
    <CompaniesTable
      label="Companies"
      rows={rows}
      totalCount={rows.length}
      page={1}
      pageSize={10}
      onPageChange={vi.fn()}
      onPageSizeChange={vi.fn()}
      isLoading={false}
      isError={false}
      isFiltered={false}
      detailsHref={detailsHref}
    />,
  );
}

describe('CompaniesTable', () => {
  it('shows the designator, contact details, type and payment chips and the date as MM/DD/YYYY', () => {
    renderTable([
      company({ id: 1 }),
      company({
        id: 2,
        legalName: 'Acme',
        businessEntityType: { id: 2, name: 'Corporation' },
        isResident: false,
        registrationPaymentStatus: { id: 1, name: 'Pending' },
      }),
    ]);
    const [, blueRidge, acme] = screen.getAllByRole('row');
    expect(within(blueRidge!).getByText('Blue Ridge LLC')).toBeTruthy();
    expect(within(blueRidge!).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(blueRidge!).getByText('ada@example.com')).toBeTruthy();
    expect(within(blueRidge!).getByText('(555) 010-0100')).toBeTruthy();
    expect(within(blueRidge!).getByText('Resident')).toBeTruthy();
    expect(within(blueRidge!).getByText('Paid')).toBeTruthy();
    expect(within(blueRidge!).getByText('03/05/2026')).toBeTruthy();
    expect(within(acme!).getByText('Acme Corp.')).toBeTruthy();
    expect(within(acme!).getByText('Non-resident')).toBeTruthy();
    expect(within(acme!).getByText('Pending')).toBeTruthy();
  });

  it('has no sortable column', () => {
    renderTable([company({})]);
    expect(within(screen.getAllByRole('row')[0]!).queryAllByRole('button')).toHaveLength(0);
  });

  it('links to the details only with company:view', () => {
    renderTable([company({ id: 7 })], (c) => `/companies/${c.id}/details`);
    expect(screen.getByRole('link', { name: 'View Blue Ridge' }).getAttribute('href')).toBe('/companies/7/details');
  });

  it('offers no view action without company:view, and the empty message without a create button', () => {
    renderTable([]);
    expect(screen.getByText('There are no items to display.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /create/i })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });
});
