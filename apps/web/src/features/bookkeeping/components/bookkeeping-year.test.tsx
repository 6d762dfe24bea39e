import type { BookkeepingMonthDto, BookkeepingYearDto } from '@ledgerport/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { BookkeepingCard } from './bookkeeping-card';
import { BookkeepingYear } from './bookkeeping-year';

const nothing = {
  bankStatementsUploaded: false,
  quickBooksDraftDone: false,
  quickBooksReviewDone: false,
  financialStatementsUploaded: false,
  openQuestions: 0,
  openRequestItems: 0,
};

function yearOf(year: number, months: Record<number, Partial<BookkeepingMonthDto>>): BookkeepingYearDto {
  return {
    client: { id: 3, name: 'Acme LLC' },
    year,
    months: Array.from({ length: 12 }, (_, index) => ({
      year,
      month: index + 1,
      status: 'upcoming' as const,
      ...nothing,
      ...months[index + 1],
    })),
  };
}

const YEAR_2024 = yearOf(2024, {
  1: {
    status: 'closed',
    bankStatementsUploaded: true,
    quickBooksDraftDone: true,
    quickBooksReviewDone: true,
    financialStatementsUploaded: true,
  },
  2: { status: 'waiting-on-you', bankStatementsUploaded: true, openQuestions: 2, openRequestItems: 1 },
  3: { status: 'collecting' },
});

function stubYears() {
  const fetchMock = vi.fn(async (input: string) => {
    const year = Number(new URL(input, 'http://x').searchParams.get('year'));
    return jsonResponse(year === 2024 ? YEAR_2024 : yearOf(year, {}));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
afterEach(() => vi.unstubAllGlobals());

describe('BookkeepingYear', () => {
  it('shows each month with its status, checks and what waits on the client, linking to where they act', async () => {
    stubYears();
    const onYearChange = vi.fn();
    renderWithProviders(
      <BookkeepingYear
        year={2024}
        onYearChange={onYearChange}
        links={{ questions: '/reconciliations?tab=questions', toDo: '/to-do' }}
      />,
    );
    expect(await screen.findByText('1 month of 2024 is closed.')).toBeTruthy();
    const january = screen.getByRole('region', { name: 'January 2024' });
    expect(within(january).getByText('Closed')).toBeTruthy();
    const february = screen.getByRole('region', { name: 'February 2024' });
    expect(within(february).getByText('Waiting on you')).toBeTruthy();
    expect(
      within(february)
        .getByRole('link', { name: '2 questions about transactions are waiting on you' })
        .getAttribute('href'),
    ).toBe('/reconciliations?tab=questions');
    expect(
      within(february).getByRole('link', { name: '1 requested item is waiting on you' }).getAttribute('href'),
    ).toBe('/to-do');
    const checks = within(february).getByRole('list', { name: 'Checks of February 2024' });
    expect(within(checks).getByText('Bank statements received').textContent).toBeTruthy();
    expect(
      within(checks)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Bank statements receiveddone',
      'Draft in QuickBooksnot done yet',
      'Review in QuickBooksnot done yet',
      'Financial statementsnot done yet',
    ]);
    expect(within(screen.getByRole('region', { name: 'March 2024' })).getByText('Collecting statements')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'December 2024' })).getByText('Not started')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Previous year' }));
    expect(onYearChange).toHaveBeenCalledWith(2023);
  });
});

describe('BookkeepingCard', () => {
  it("says this month's status and how much of the year is closed, linking to the year", async () => {
    const thisYear = new Date().getUTCFullYear();
    const thisMonth = new Date().getUTCMonth() + 1;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(yearOf(thisYear, { [thisMonth]: { status: 'waiting-on-you', openQuestions: 1 } })),
      ),
    );
    renderWithProviders(<BookkeepingCard yearHref="/my-bookkeeping" />);
    const card = await screen.findByRole('region', { name: 'Bookkeeping' });
    expect(within(card).getByText('Waiting on you')).toBeTruthy();
    expect(within(card).getByText(`0 months of ${thisYear} are closed. 1 month is waiting on you.`)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'See the year' }).getAttribute('href')).toBe('/my-bookkeeping');
  });
});
