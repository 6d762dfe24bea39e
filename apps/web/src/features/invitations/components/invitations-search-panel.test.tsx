import type { UserListItemDto } from '@ledgerport/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { InvitationsSearchPanel } from './invitations-search-panel';

const user = (id: number, fullName: string, emailAddress: string): UserListItemDto => ({
  id,
  version: '1',
  firstName: fullName.split(' ')[0]!,
  lastName: fullName.split(' ')[1]!,
  fullName,
  emailAddress,
  username: emailAddress.split('@')[0]!,
  phoneNumber: null,
  extension: null,
  isActive: true,
  roles: [],
  inviter: null,
  advisor: null,
  supervisor: null,
  department: null,
  twoFactorEnabled: false,
});

describe('InvitationsSearchPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("finds the sender by name or e-mail, told apart by the e-mail, and searches by the chosen user's id", async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        urls.push(decodeURIComponent(input));
        return jsonResponse({
          items: [user(7, 'Batch1 Group1', 'b1g1_admin@gmail.com'), user(8, 'Batch1 Group1', 'b1g1_client@gmail.com')],
          totalCount: 2,
        });
      }),
    );
    const onSearch = vi.fn();
    renderWithProviders(
      <InvitationsSearchPanel opened filters={{}} showAdminFilters onSearch={onSearch} onClear={vi.fn()} />,
    );
    const events = userEvent.setup();
    expect(screen.queryByRole('textbox', { name: 'Sender ID' })).toBeNull();
    await events.type(screen.getByRole('combobox', { name: 'Sender' }), 'Bat');
    const client = await screen.findByRole('option', { name: 'Batch1 Group1 (b1g1_client@gmail.com)', hidden: true });
    expect(screen.getByRole('option', { name: 'Batch1 Group1 (b1g1_admin@gmail.com)', hidden: true })).toBeTruthy();
    await events.click(client);
    expect(urls.some((url) => url.includes('/identity/users?') && url.includes('search=Bat'))).toBe(true);

    await events.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(onSearch).toHaveBeenCalledWith(
        expect.objectContaining({ senderUserId: '8', senderName: 'Batch1 Group1 (b1g1_client@gmail.com)' }),
      ),
    );
  });
});
