import type { AccountBalanceHistoryDto, NetCashHistoryDto } from '@ledgerport/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { AccountCharts } from './account-charts';
import { NetCashChart } from './net-cash-chart';

/** Twelve months from April 2024 to March 2025, zeros unless given. */
function months<T>(values: (index: number) => T) {
  return Array.from({ length: 12 }, (_, i) => ({
    year: i < 9 ? 2024 : 2025,
    month: ((i + 3) % 12) + 1,
    ...values(i),
  }));
}

function stubApi(answer: (url: string) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (input: string) => answer(String(input)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
afterEach(() => vi.unstubAllGlobals());

const history: AccountBalanceHistoryDto = {
  isoCurrencyCode: 'USD',
  months: months((i) => ({
    endingBalance: i === 11 ? 3450 : i >= 5 ? 2000 : 1200,
    moneyIn: i === 5 ? 800 : i === 11 ? 1500 : 0,
    moneyOut: i === 11 ? 50 : 0,
  })),
};

describe('AccountCharts', () => {
  it('says how the balance moved and what came in and out, and shows the numbers as tables', async () => {
    const fetchMock = stubApi(() => jsonResponse(history));
    renderWithProviders(<AccountCharts clientId={7} accountId={42} />);

    expect(await screen.findByText('Balance rose from $1,200.00 to $3,450.00 over the last 12 months.')).toBeTruthy();
    expect(
      screen.getByText(
        'Over the last 12 months $2,300.00 came in and $50.00 went out; the most came in during March 2025.',
      ),
    ).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toContain(
      '/document/clients/7/institution-accounts/42/balance-history',
    );

    const balance = screen.getByRole('region', { name: 'Balance over the last 12 months' });
    await userEvent.click(within(balance).getByRole('switch', { name: 'Show as table' }));
    const balanceTable = within(balance).getByRole('table', { name: 'Balance over the last 12 months' });
    expect(within(balanceTable).getByRole('columnheader', { name: 'Balance at month end' })).toBeTruthy();
    const april = within(balanceTable).getByRole('row', { name: /April 2024/ });
    expect(within(april).getByText('$1,200.00')).toBeTruthy();
    const march = within(balanceTable).getByRole('row', { name: /March 2025/ });
    expect(within(march).getByText('$3,450.00')).toBeTruthy();
    expect(within(balanceTable).getAllByRole('row')).toHaveLength(13);

    const inOut = screen.getByRole('region', { name: 'Money in and out per month' });
    await userEvent.click(within(inOut).getByRole('switch', { name: 'Show as table' }));
    const september = within(within(inOut).getByRole('table')).getByRole('row', { name: /September 2024/ });
    expect(
      within(september)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$800.00', '$0.00']);
  });

  it('says so when nothing moved in the 12 months', async () => {
    stubApi(() =>
      jsonResponse({ isoCurrencyCode: 'USD', months: months(() => ({ endingBalance: 10, moneyIn: 0, moneyOut: 0 })) }),
    );
    renderWithProviders(<AccountCharts clientId={7} accountId={42} />);
    expect(
      await screen.findAllByText('No money came in or went out of this account in the last 12 months.'),
    ).toHaveLength(2);
    expect(screen.queryByRole('switch', { name: 'Show as table' })).toBeNull();
  });

  it('offers Try again when the data cannot be fetched, and shows the charts once it can', async () => {
    let fail = true;
    stubApi(() => (fail ? errorResponse(500, 'INTERNAL') : jsonResponse(history)));
    renderWithProviders(<AccountCharts clientId={7} accountId={42} />);
    const retries = await screen.findAllByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.click(retries[0]!);
    expect(await screen.findByText(/Balance rose from/)).toBeTruthy();
  });
});

describe('NetCashChart', () => {
  it("summarises the client's net cash and lists it month by month", async () => {
    const body: NetCashHistoryDto = {
      currencies: [{ isoCurrencyCode: 'USD', months: months((i) => ({ netCash: i < 6 ? 5000 : 4200.5 })) }],
    };
    stubApi(() => jsonResponse(body));
    renderWithProviders(<NetCashChart clientId={7} />);
    expect(
      await screen.findByText('Net cash in USD fell from $5,000.00 to $4,200.50 over the last 12 months.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('switch', { name: 'Show as table' }));
    const table = screen.getByRole('table', { name: 'Net cash over the last 12 months' });
    const october = within(table).getByRole('row', { name: /October 2024/ });
    expect(within(october).getByText('$4,200.50')).toBeTruthy();
  });

  it('asks to link an account when the client has none', async () => {
    stubApi(() => jsonResponse({ currencies: [] }));
    renderWithProviders(<NetCashChart clientId={7} />);
    expect(await screen.findByText('Link an account to see net cash over time.')).toBeTruthy();
  });
});
