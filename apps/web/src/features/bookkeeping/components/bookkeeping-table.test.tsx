import type { BookkeepingRowDto } from '@ledgerport/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { saveBookkeepingRow } from '../api/save-bookkeeping-row';
import { BookkeepingTable } from './bookkeeping-table';

function row(overrides: Partial<BookkeepingRowDto> & { name: string }): BookkeepingRowDto {
  const { name, ...rest } = overrides;
  return {
    id: 0,
    version: '',
    client: { id: name.length, name, isActive: true, owner: { id: 1, fullName: 'Olive Owner' }, advisor: null },
    numberOfAccounts: 0,
    numberOfBankStatements: 0,
    isBankStatementsUploaded: false,
    isQuickBooksDraftDone: false,
    isQuickBooksReviewDone: false,
    isFinancialStatementsUploaded: false,
    monthStatus: 'collecting',
    year: 2025,
    month: 3,
    ...rest,
  };
}

const done = row({
  id: 9,
  name: 'Done Books LLC',
  numberOfBankStatements: 2,
  isBankStatementsUploaded: true,
  isQuickBooksDraftDone: true,
  isQuickBooksReviewDone: true,
  isFinancialStatementsUploaded: true,
});
const open = row({ name: 'Open Books', numberOfBankStatements: 1, isBankStatementsUploaded: true });

function renderTable(canEdit: boolean) {
  const onChange = vi.fn();
  renderWithProviders(
    <BookkeepingTable
      label="Bookkeeping"
      rows={[done, open]}
      totalCount={2}
      page={1}
      pageSize={10}
      onPageChange={vi.fn()}
      onPageSizeChange={vi.fn()}
      isLoading={false}
      isError={false}
      isFiltered={false}
      canEdit={canEdit}
      onChange={onChange}
    />,
  );
  return { onChange, user: userEvent.setup() };
}

const rowNamed = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('BookkeepingTable', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('marks a row with all four checks done as complete, in words as well as colour', () => {
    renderTable(true);
    expect(within(rowNamed('Done Books LLC')).getByText('Complete')).toBeTruthy();
    expect(within(rowNamed('Open Books')).queryByText('Complete')).toBeNull();
    expect(within(rowNamed('Done Books LLC')).getByText('2 statements')).toBeTruthy();
  });

  it('keeps the statement columns read-only and saves a ticked QuickBooks flag', async () => {
    const { onChange, user } = renderTable(true);
    const bank = screen.getByRole('checkbox', { name: 'Bank statements uploaded for Open Books' });
    expect((bank as HTMLInputElement).checked).toBe(true);
    expect((bank as HTMLInputElement).disabled).toBe(true);
    expect(
      (screen.getByRole('checkbox', { name: 'Financial statements uploaded for Open Books' }) as HTMLInputElement)
        .disabled,
    ).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'QuickBooks draft done for Open Books' }));
    expect(onChange).toHaveBeenCalledWith(open, { isQuickBooksDraftDone: true });
  });

  it('saves the number of accounts when the field is left, and never below 0', async () => {
    const { onChange, user } = renderTable(true);
    const accounts = screen.getByRole('textbox', { name: 'Number of accounts of Open Books' });
    await user.clear(accounts);
    await user.type(accounts, '-4');
    await user.tab();
    expect(onChange).toHaveBeenCalledWith(open, { numberOfAccounts: 4 });
  });

  it('offers no editing without bookkeeping:edit', () => {
    renderTable(false);
    for (const name of ['QuickBooks draft done for Open Books', 'QuickBooks review done for Open Books'])
      expect((screen.getByRole('checkbox', { name }) as HTMLInputElement).disabled).toBe(true);
    expect(
      (screen.getByRole('textbox', { name: 'Number of accounts of Open Books' }) as HTMLInputElement).disabled,
    ).toBe(true);
  });
});

describe('saveBookkeepingRow', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('creates a row with id 0 and updates a stored one', async () => {
    const calls: Array<{ method: string; url: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        calls.push({ method: init.method!, url, body });
        return jsonResponse({
          id: 9,
          version: '12',
          clientId: 1,
          year: 2025,
          month: 3,
          numberOfAccounts: 0,
          isQuickBooksDraftDone: true,
          isQuickBooksReviewDone: false,
        });
      }),
    );
    await saveBookkeepingRow(open, { isQuickBooksDraftDone: true });
    await saveBookkeepingRow(done, { numberOfAccounts: 3 });
    expect(calls).toEqual([
      {
        method: 'POST',
        url: expect.stringMatching(/\/api\/v1\/document\/bookkeeping$/),
        body: {
          clientId: open.client.id,
          year: 2025,
          month: 3,
          numberOfAccounts: 0,
          isQuickBooksDraftDone: true,
          isQuickBooksReviewDone: false,
        },
      },
      {
        method: 'PUT',
        url: expect.stringMatching(/\/api\/v1\/document\/bookkeeping\/9$/),
        body: { id: 9, numberOfAccounts: 3, isQuickBooksDraftDone: true, isQuickBooksReviewDone: true },
      },
    ]);
  });
});
