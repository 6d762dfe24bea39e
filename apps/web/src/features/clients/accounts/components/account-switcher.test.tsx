import { CLIENT_TYPE } from '@ledgerport/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCurrentClient, startSession } from '@/lib/session';
import { buildMyClient, buildSessionUser } from '@/testing/factories';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { accountKeys } from '../api/account-keys';
import { AccountSwitcher } from './account-switcher';

const requested = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);

describe('AccountSwitcher', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the current account and asks for the others', async () => {
    const current = buildMyClient({ id: 2, name: 'Doe Bakery LLC', clientType: CLIENT_TYPE.business });
    const fetchMock = vi.fn(async () => jsonResponse([current]));
    vi.stubGlobal('fetch', fetchMock);
    startSession({ accessToken: 'tok', user: buildSessionUser({ roles: ['client'] }), permissions: ['account:list'] });
    setCurrentClient(current);
    renderWithProviders(<AccountSwitcher />);

    expect(await screen.findByRole('button', { name: 'Doe Bakery LLC' })).toBeTruthy();
    await vi.waitFor(() => expect(requested(fetchMock)).toContain('/api/v1/document/users/me/clients'));
  });

  it('asks for nothing for staff, who hold no accounts of their own', async () => {
    const fetchMock = vi.fn(async () => jsonResponse([]));
    vi.stubGlobal('fetch', fetchMock);
    startSession({ accessToken: 'tok', user: buildSessionUser(), permissions: ['account:list', 'client:list'] });
    const { queryClient } = renderWithProviders(<AccountSwitcher />);

    // A query that is wanted starts fetching as the component mounts, within render's act.
    expect(queryClient.getQueryState(accountKeys.mine())?.fetchStatus).toBe('idle');
    expect(screen.queryByRole('button')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
