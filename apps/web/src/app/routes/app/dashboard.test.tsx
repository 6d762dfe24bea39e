import { ROLE_NAME, type ConnectionsNeedingActionDto } from '@ledgerport/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '@/lib/session';
import { buildSessionUser } from '@/testing/factories';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { DashboardRoute } from './dashboard';

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
  ],
};
const SERVICES = [{ id: 1, name: 'tax', displayName: 'Tax', color: '#1c7ed6', departmentId: 1, listIcon: null }];

/** The API, with the services list held back until `releaseServices` is called. */
function stubApi() {
  let releaseServices = () => {};
  const servicesAnswer = new Promise<void>((resolve) => (releaseServices = resolve));
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const { pathname } = new URL(url, 'http://localhost');
      calls.push(pathname);
      if (pathname.endsWith('/document/reconciliation/connections')) return jsonResponse(CONNECTIONS);
      if (pathname.endsWith('/document/documents/counts')) return jsonResponse({ received: 5, myUploads: 2 });
      if (pathname.endsWith('/document/services/all')) {
        await servicesAnswer;
        return jsonResponse(SERVICES);
      }
      return jsonResponse([]);
    }),
  );
  return { calls, releaseServices: () => releaseServices() };
}

describe('DashboardRoute (staff)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the note of bank connections needing action last, once the Services grid has come', async () => {
    startSession({
      accessToken: 'token',
      user: buildSessionUser({ roles: [ROLE_NAME.admin] }),
      permissions: ['received:list', 'my-upload:list', 'reconciliation:list'],
    });
    const api = stubApi();
    renderWithProviders(<DashboardRoute />);

    // The note's list is asked for at once, but the note waits for the grid above it.
    await waitFor(() => expect(api.calls.some((path) => path.endsWith('/reconciliation/connections'))).toBe(true));
    await screen.findByRole('link', { name: /Received docs/ });
    expect(screen.queryByRole('heading', { name: /bank connection needs a client/ })).toBeNull();

    api.releaseServices();
    const note = await screen.findByRole('heading', { name: '1 bank connection needs a client to reconnect' });
    const services = screen.getByRole('heading', { level: 2, name: 'Services' });
    expect(screen.getByRole('link', { name: /^Tax/ })).toBeTruthy();
    // After the grid in the page's order: appearing, it moves nothing above it.
    expect(services.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
