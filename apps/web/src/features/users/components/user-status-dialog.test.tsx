import { ERROR_CODE } from '@ledgerport/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, renderWithProviders } from '@/testing/test-utils';
import { UserStatusDialog } from './user-status-dialog';

describe('UserStatusDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends the list row's version and, when the user changed meanwhile, says so and reloads the list", async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      errorResponse(
        412,
        ERROR_CODE.staleVersion,
        {},
        { changedBy: { id: 3, name: 'Avery Admin' }, changedAt: '2026-11-26T14:05:00.000Z', currentVersion: '402' },
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    const onChanged = vi.fn();
    renderWithProviders(
      <UserStatusDialog
        target={{ id: 42, fullName: 'Grace Hopper', isActive: true, version: '401' }}
        onClose={onClose}
        onChanged={onChanged}
      />,
    );

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Deactivate' }));

    expect(
      await screen.findByText(
        'Grace Hopper was changed by someone else after this list loaded. It now shows as it is; check it and try again.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/identity/users/42/deactivate');
    expect(new Headers(init?.headers).get('if-match')).toBe('"401"');
  });
});
