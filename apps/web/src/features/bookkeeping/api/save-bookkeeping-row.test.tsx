import type { BookkeepingRowDto, Paged } from '@ledgerport/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/test-utils';
import { bookkeepingKeys } from './bookkeeping-keys';
import { useSaveBookkeepingRow } from './save-bookkeeping-row';

const unsaved: BookkeepingRowDto = {
  id: 0,
  version: '',
  client: { id: 5, name: 'Quick Ticks LLC', isActive: true, owner: { id: 1, fullName: 'Olive Owner' }, advisor: null },
  numberOfAccounts: 0,
  numberOfBankStatements: 1,
  isBankStatementsUploaded: true,
  isQuickBooksDraftDone: false,
  isQuickBooksReviewDone: false,
  isFinancialStatementsUploaded: true,
  monthStatus: 'in-progress',
  year: 2025,
  month: 3,
};
const QUERY = { year: 2025, month: 3 };

/** A server that stores one row and answers each save only when told to, like a slow network. */
function slowServer() {
  const requests: Array<{ method: string; url: string; body: Record<string, unknown> }> = [];
  const pending: Array<() => void> = [];
  let stored: BookkeepingRowDto = unsaved;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (!init?.method || init.method === 'GET') return jsonResponse({ items: [stored], totalCount: 1 });
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      requests.push({ method: init.method, url, body });
      await new Promise<void>((resolve) => pending.push(resolve));
      stored = { ...stored, ...(body as Partial<BookkeepingRowDto>), id: 41, version: String(requests.length) };
      return jsonResponse(
        { ...body, id: 41, version: stored.version, clientId: 5, year: 2025, month: 3 },
        { status: 201 },
      );
    }),
  );
  return { requests, pending, stored: () => stored };
}

describe('useSaveBookkeepingRow', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves quick ticks one after another, the second as an update with all earlier ticks', async () => {
    const server = slowServer();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData<Paged<BookkeepingRowDto>>(bookkeepingKeys.list(QUERY), {
      items: [unsaved],
      totalCount: 1,
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useSaveBookkeepingRow(), { wrapper });

    // Both ticks come from the row as first shown (id 0), before the first save has answered.
    act(() => result.current.mutate({ row: unsaved, change: { isQuickBooksDraftDone: true } }));
    act(() => result.current.mutate({ row: unsaved, change: { isQuickBooksReviewDone: true } }));
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(queryClient.getQueryData<Paged<BookkeepingRowDto>>(bookkeepingKeys.list(QUERY))?.items[0]).toMatchObject({
      isQuickBooksDraftDone: true,
      isQuickBooksReviewDone: true,
    });

    server.pending.shift()!();
    await waitFor(() => expect(server.requests).toHaveLength(2));
    server.pending.shift()!();
    await waitFor(() => expect(result.current.isIdle || result.current.isSuccess).toBe(true));

    expect(server.requests.map(({ method, url }) => `${method} ${url.replace(/^.*\/api\/v1/, '')}`)).toEqual([
      'POST /document/bookkeeping',
      'PUT /document/bookkeeping/41',
    ]);
    expect(server.requests[1]!.body).toMatchObject({ isQuickBooksDraftDone: true, isQuickBooksReviewDone: true });
    expect(server.stored()).toMatchObject({ isQuickBooksDraftDone: true, isQuickBooksReviewDone: true });
  });
});
