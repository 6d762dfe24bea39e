import { REQUEST_STATUS, ROLE_NAME, type RequestListItem } from '@ledgerport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '@/lib/session';
import { buildSessionUser } from '@/testing/factories';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { RequestsRoute } from './requests';

const STAFF_PERMISSIONS = ['request:list', 'request:add', 'request:edit', 'request:delete', 'request:review'];

function row(overrides: Partial<RequestListItem> = {}): RequestListItem {
  return {
    id: 1,
    client: { id: 4, name: 'Batch1 Group1 LLC' },
    service: { id: 1, displayName: 'Tax' },
    title: 'Year-end tax documents 2026',
    dueDate: '2026-12-10',
    status: REQUEST_STATUS.open,
    isOverdue: false,
    itemCount: 6,
    acceptedCount: 3,
    submittedCount: 2,
    createdBy: { id: 1, name: 'Ada Lovelace' },
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** The list answers `rows`; the search panel's reference data answers empty. Returns the list calls' URLs. */
function stubApi(rows: RequestListItem[]) {
  const listCalls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const parsed = new URL(url, 'http://localhost');
      if (parsed.pathname === '/api/v1/document/requests') {
        listCalls.push(parsed);
        return jsonResponse({ items: rows, totalCount: rows.length });
      }
      return jsonResponse([]);
    }),
  );
  return listCalls;
}

function signIn(kind: 'staff' | 'client') {
  startSession({
    accessToken: 'token',
    user: buildSessionUser({ roles: [kind === 'staff' ? ROLE_NAME.admin : ROLE_NAME.client] }),
    permissions: kind === 'staff' ? STAFF_PERMISSIONS : ['request:list', 'request:respond'],
  });
}

describe('RequestsRoute', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each request with its progress, what waits on review, and overdue in words', async () => {
    signIn('staff');
    stubApi([
      row(),
      row({
        id: 2,
        title: 'Payroll reports',
        client: { id: 5, name: 'Northwind Traders' },
        dueDate: '2026-10-01',
        isOverdue: true,
        itemCount: 2,
        acceptedCount: 0,
        submittedCount: 0,
      }),
    ]);
    renderWithProviders(<RequestsRoute />, { route: '/requests' });

    const first = (await screen.findByRole('link', { name: 'Year-end tax documents 2026' })).closest('tr')!;
    expect(within(first).getByText('Batch1 Group1 LLC')).toBeTruthy();
    expect(within(first).getByText('3 of 6')).toBeTruthy();
    expect(within(first).getByText('2 to review')).toBeTruthy();
    expect(within(first).getByRole('progressbar', { name: '3 of 6' })).toBeTruthy();
    expect(within(first).queryByText('Overdue')).toBeNull();

    const overdue = screen.getByRole('link', { name: 'Payroll reports' }).closest('tr')!;
    expect(within(overdue).getByText('Overdue')).toBeTruthy();
    expect(within(overdue).getByText('0 of 2')).toBeTruthy();
    expect(within(overdue).queryByText(/to review/)).toBeNull();
  });

  it('asks for open requests by default and for every status once "Any status" is chosen', async () => {
    signIn('staff');
    const listCalls = stubApi([row()]);
    const user = userEvent.setup();
    renderWithProviders(<RequestsRoute />, { route: '/requests' });

    await screen.findByRole('link', { name: 'Year-end tax documents 2026' });
    expect(listCalls.at(-1)!.searchParams.get('status')).toBe('1');
    expect(listCalls.at(-1)!.searchParams.get('sortedBy')).toBe('dueDate');

    await user.click(screen.getByRole('button', { name: 'Search' }));
    const panel = screen.getByRole('search', { name: 'Search filters' });
    await user.click(within(panel).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Any status', hidden: true }));
    await user.click(within(panel).getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(listCalls.at(-1)!.searchParams.has('status')).toBe(false));
  });

  it('leaves out the client filter and column for a client user, who sees only their own client', async () => {
    signIn('client');
    stubApi([row()]);
    const user = userEvent.setup();
    renderWithProviders(<RequestsRoute />, { route: '/requests' });

    const table = await screen.findByRole('table', { name: 'Requests' });
    await within(table).findByRole('link', { name: 'Year-end tax documents 2026' });
    expect(within(table).queryByRole('columnheader', { name: /Client/ })).toBeNull();
    expect(within(table).queryByText('Batch1 Group1 LLC')).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: /Created by/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New request' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Search' }));
    const panel = screen.getByRole('search', { name: 'Search filters' });
    expect(within(panel).queryByRole('combobox', { name: 'Client' })).toBeNull();
    expect(within(panel).getByRole('combobox', { name: 'Service' })).toBeTruthy();
  });

  it('shows the client column and filter to staff', async () => {
    signIn('staff');
    stubApi([row()]);
    const user = userEvent.setup();
    renderWithProviders(<RequestsRoute />, { route: '/requests' });

    const table = await screen.findByRole('table', { name: 'Requests' });
    await within(table).findByRole('link', { name: 'Year-end tax documents 2026' });
    expect(within(table).getByRole('columnheader', { name: /Client/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(within(screen.getByRole('search')).getByRole('combobox', { name: 'Client' })).toBeTruthy();
  });

  it('reminds the selected requests after a confirmation and says how many were reminded and skipped', async () => {
    signIn('staff');
    const posts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const parsed = new URL(url, 'http://localhost');
        if (init.method === 'POST' && parsed.pathname === '/api/v1/document/requests/remind') {
          posts.push(JSON.parse(String(init.body)));
          return jsonResponse({ reminded: 3, alreadyReminded: 1, requestsSkipped: 0 });
        }
        if (parsed.pathname === '/api/v1/document/requests') {
          const rows = [
            row({ id: 1, title: 'Payroll reports', isOverdue: true }),
            row({ id: 2, title: 'Bank statements', isOverdue: true }),
            row({ id: 3, title: 'Year-end tax documents 2026' }),
          ];
          return jsonResponse({ items: rows, totalCount: rows.length });
        }
        return jsonResponse([]);
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<RequestsRoute />, { route: '/requests' });

    const remind = await screen.findByRole('button', { name: 'Remind selected' });
    expect((remind as HTMLButtonElement).disabled).toBe(true);
    await user.click(await screen.findByRole('checkbox', { name: 'Select Payroll reports' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Bank statements' }));
    expect(screen.getByText('2 requests selected')).toBeTruthy();
    await user.click(remind);

    const dialog = await screen.findByRole('dialog', { name: 'Remind now' });
    expect(within(dialog).getByText(/the 2 selected requests are waiting on/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send reminders' }));

    expect(await screen.findByText('Reminded 3 people; 1 already had a reminder today')).toBeTruthy();
    expect(posts).toEqual([{ ids: [1, 2] }]);
    // The selection is done with.
    await waitFor(() => expect(screen.queryByText('2 requests selected')).toBeNull());
    expect((screen.getByRole('checkbox', { name: 'Select Payroll reports' }) as HTMLInputElement).checked).toBe(false);
  });

  it('offers no selection to a client user', async () => {
    signIn('client');
    stubApi([row()]);
    renderWithProviders(<RequestsRoute />, { route: '/requests' });
    await screen.findByRole('link', { name: 'Year-end tax documents 2026' });
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remind selected' })).toBeNull();
  });
});
