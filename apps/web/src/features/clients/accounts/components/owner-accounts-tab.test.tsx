import { CLIENT_TYPE, type OwnerClientItem } from '@ledgerport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { OwnerAccountsTab } from './owner-accounts-tab';

const owned: OwnerClientItem[] = [
  {
    id: 5,
    clientType: CLIENT_TYPE.business,
    fullName: 'Harbour Supplies LLC',
    maskedTaxpayerIdentificationNumber: '**-***6789',
    maskedSocialSecurityNumber: null,
    advisor: { id: 2, fullName: 'Ada Advisor' },
    collaborators: [{ userId: 9, version: '309', fullName: 'Carl Collab', isActive: true, services: ['Tax'] }],
  },
  {
    id: 6,
    clientType: CLIENT_TYPE.personal,
    fullName: 'Olive Owner',
    maskedTaxpayerIdentificationNumber: null,
    maskedSocialSecurityNumber: null,
    advisor: null,
    collaborators: [],
  },
];

describe('OwnerAccountsTab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows my clients, searches them, and deactivates a collaborator after selecting its chip', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PATCH') return new Response(null, { status: 204 });
      if (url.endsWith('/document/users/me/clients/owner')) return jsonResponse(owned);
      throw new Error(`Unexpected ${url}`);
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<OwnerAccountsTab />);

    const table = await screen.findByRole('table', { name: 'Owner' });
    expect(within(table).getByText('**-***6789')).toBeTruthy();
    expect(within(table).getByText('Ada Advisor')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Search accounts' }), 'olive');
    expect(screen.queryByText('Harbour Supplies LLC')).toBeNull();
    await user.clear(screen.getByRole('textbox', { name: 'Search accounts' }));
    await user.type(screen.getByRole('textbox', { name: 'Search accounts' }), 'nothing like it');
    expect(screen.getByText('Your search returned no results. Make sure you search properly')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'Search accounts' }));

    // No lock action until a collaborator is selected.
    expect(screen.queryByRole('button', { name: 'Deactivate Carl Collab' })).toBeNull();
    const chip = screen.getByRole('button', { name: 'Carl Collab' });
    await user.click(chip);
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Deactivate Carl Collab' }));

    const dialog = await screen.findByRole('dialog', { name: 'Deactivate collaborator' });
    expect(within(dialog).getByText(/Carl Collab will lose access to Harbour Supplies LLC/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByText('Carl Collab has been deactivated successfully')).toBeTruthy();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) =>
            init?.method === 'PATCH' && url === '/api/v1/document/users/me/clients/5/collaborators/9/deactivate',
        ),
      ).toBe(true),
    );
  });

  it('shows an inactive collaborator with the unlock action worded to activate', async () => {
    const inactive = [{ ...owned[0]!, collaborators: [{ ...owned[0]!.collaborators[0]!, isActive: false }] }];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(inactive)),
    );
    const user = userEvent.setup();
    renderWithProviders(<OwnerAccountsTab />);

    await user.click(await screen.findByRole('button', { name: 'Carl Collab (inactive)' }));
    await user.click(screen.getByRole('button', { name: 'Activate Carl Collab' }));
    expect(await screen.findByRole('dialog', { name: 'Activate collaborator' })).toBeTruthy();
  });
});
