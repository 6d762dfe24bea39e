import type { BookkeepingCompletionDto } from '@ledgerport/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { ClientCompletionChart } from './client-completion-chart';
import { CompletionChart } from './completion-chart';

const zero = {
  complete: 0,
  bankStatementsUploaded: 0,
  quickBooksDraftDone: 0,
  quickBooksReviewDone: 0,
  financialStatementsUploaded: 0,
};

/** July 2023 to June 2024, as the API answers for year=2024&month=6. */
function completion(rows: number, overrides: Record<string, Partial<typeof zero>> = {}): BookkeepingCompletionDto {
  return {
    months: Array.from({ length: 12 }, (_, i) => {
      const year = i < 6 ? 2023 : 2024;
      const month = ((i + 6) % 12) + 1;
      return { year, month, rows, ...zero, ...overrides[`${year}-${month}`] };
    }),
  };
}

function stubApi(answer: () => Response) {
  const fetchMock = vi.fn(async (_input: string) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
afterEach(() => vi.unstubAllGlobals());

describe('CompletionChart', () => {
  it("summarises the month on screen (checks done and clients complete) and lists each month's shares", async () => {
    const fetchMock = stubApi(() =>
      jsonResponse(
        completion(3, {
          // One client finished, another with its statements in: 5 of 12 checks.
          '2024-6': {
            complete: 1,
            bankStatementsUploaded: 2,
            quickBooksDraftDone: 1,
            quickBooksReviewDone: 1,
            financialStatementsUploaded: 1,
          },
          '2024-3': {
            complete: 2,
            bankStatementsUploaded: 2,
            quickBooksDraftDone: 2,
            quickBooksReviewDone: 2,
            financialStatementsUploaded: 2,
          },
        }),
      ),
    );
    renderWithProviders(<CompletionChart filters={{ advisorUserId: 5, year: 2024, month: 6 }} />);
    expect(
      await screen.findByText('In June 2024, 5 of 12 checks (42%) are done, and 1 of 3 clients (33%) have all four.'),
    ).toBeTruthy();
    const url = String(fetchMock.mock.calls[0]![0]);
    expect(url).toContain('/document/bookkeeping/completion');
    expect(url).toContain('advisorUserId=5');

    await userEvent.click(screen.getByRole('switch', { name: 'Show as table' }));
    const table = screen.getByRole('table', { name: 'Completion per month' });
    const march = within(table).getByRole('row', { name: /March 2024/ });
    expect(
      within(march)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['67%', '2', '3', '67%']);
    const july = within(table).getByRole('row', { name: /July 2023/ });
    expect(
      within(july)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['0%', '0', '3', '0%']);
  });

  it('says no client matches when the filters list none', async () => {
    stubApi(() => jsonResponse(completion(0)));
    renderWithProviders(<CompletionChart filters={{ year: 2024, month: 6 }} />);
    expect(await screen.findByText('No client matches the filters.')).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Show as table' })).toBeNull();
  });
});

describe('ClientCompletionChart', () => {
  it("counts the client's checks per month and its complete months", async () => {
    const fetchMock = stubApi(() =>
      jsonResponse(
        completion(1, {
          '2024-5': {
            complete: 1,
            bankStatementsUploaded: 1,
            quickBooksDraftDone: 1,
            quickBooksReviewDone: 1,
            financialStatementsUploaded: 1,
          },
          '2024-6': { bankStatementsUploaded: 1, quickBooksDraftDone: 1 },
        }),
      ),
    );
    renderWithProviders(<ClientCompletionChart clientId={12} />);
    expect(
      await screen.findByText('1 of the 12 months up to June 2024 is complete; June 2024 has 2 of 4 checks done.'),
    ).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toContain('clientId=12');

    await userEvent.click(screen.getByRole('switch', { name: 'Show as table' }));
    const table = screen.getByRole('table', { name: 'Bookkeeping completion' });
    const may = within(table).getByRole('row', { name: /May 2024/ });
    expect(
      within(may)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4 / 4', 'Done']);
    const june = within(table).getByRole('row', { name: /June 2024/ });
    expect(
      within(june)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2 / 4', 'Not done']);
  });

  it('shows nothing for a client the tracker does not list', async () => {
    const fetchMock = stubApi(() => errorResponse(404, 'NOT_FOUND'));
    renderWithProviders(<ClientCompletionChart clientId={12} />);
    // While it loads the section is there, with its loader; the 404 takes it away, error and all.
    expect(screen.getByRole('region', { name: 'Bookkeeping completion' })).toBeTruthy();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Bookkeeping completion' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
