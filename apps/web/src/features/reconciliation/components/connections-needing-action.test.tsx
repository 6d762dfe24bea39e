import type { ConnectionsNeedingActionDto } from '@ledgerport/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { ConnectionsNeedingAction, ConnectionsNeedingActionCard } from './connections-needing-action';

const CONNECTIONS: ConnectionsNeedingActionDto = {
  items: [
    {
      clientId: 3,
      clientName: 'Acme LLC',
      institutionId: 11,
      institutionName: 'First Platypus Bank',
      connectionState: 'login-required',
      connectionErrorCode: 'ITEM_LOGIN_REQUIRED',
      connectionStateSince: '2026-11-20T10:00:00.000Z',
    },
    {
      clientId: 4,
      clientName: 'Beta Inc',
      institutionId: 12,
      institutionName: 'Juniper Valley Savings',
      connectionState: 'error',
      connectionErrorCode: 'INSTITUTION_DOWN',
      connectionStateSince: '2026-11-25T10:00:00.000Z',
    },
  ],
};

function stubConnections(answer: ConnectionsNeedingActionDto) {
  const fetchMock = vi.fn(async (_input: string) => jsonResponse(answer));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
afterEach(() => vi.unstubAllGlobals());

describe('ConnectionsNeedingAction', () => {
  it('lists each bank needing action with its client, what is wrong and since when', async () => {
    const fetchMock = stubConnections(CONNECTIONS);
    renderWithProviders(<ConnectionsNeedingAction clientHref={(id) => `/reconciliations?clientId=${id}`} />);
    const table = await screen.findByRole('table', { name: 'Bank connections needing action' });
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/document/reconciliation/connections');
    const acme = within(table).getByRole('row', { name: /Acme LLC/ });
    expect(within(acme).getByRole('link', { name: 'Open the reconciliation of Acme LLC' }).getAttribute('href')).toBe(
      '/reconciliations?clientId=3',
    );
    expect(within(acme).getByText('The bank needs you to sign in again')).toBeTruthy();
    expect(within(acme).getByText('11/20/2026')).toBeTruthy();
    const beta = within(table).getByRole('row', { name: /Beta Inc/ });
    expect(within(beta).getByText(/INSTITUTION_DOWN/)).toBeTruthy();
  });

  it('says every connection works when none needs action', async () => {
    stubConnections({ items: [] });
    renderWithProviders(<ConnectionsNeedingAction clientHref={() => '/'} />);
    expect(await screen.findByText('Every bank connection is working.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('ConnectionsNeedingActionCard', () => {
  it('counts them on the dashboard and links to the list; nothing when all work', async () => {
    stubConnections(CONNECTIONS);
    const { unmount } = renderWithProviders(<ConnectionsNeedingActionCard listHref="/reconciliations/connections" />);
    expect(await screen.findByRole('heading', { name: '2 bank connections need a client to reconnect' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connections needing action' }).getAttribute('href')).toBe(
      '/reconciliations/connections',
    );
    unmount();
    vi.unstubAllGlobals();
    stubConnections({ items: [] });
    renderWithProviders(<ConnectionsNeedingActionCard listHref="/reconciliations/connections" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
