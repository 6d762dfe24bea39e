import { ROLE_NAME, type SessionDto, type UserListItemDto } from '@ledgerport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '@/lib/session';
import { buildSessionUser } from '@/testing/factories';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { UsersTable } from './users-table';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

function buildUser(overrides: Partial<UserListItemDto> = {}): UserListItemDto {
  return {
    id: 42,
    version: '401',
    firstName: 'Grace',
    lastName: 'Hopper',
    fullName: 'Grace Hopper',
    emailAddress: 'grace@example.com',
    username: 'grace',
    phoneNumber: '5550100555',
    extension: null,
    isActive: true,
    twoFactorEnabled: true,
    roles: [{ id: 3, name: 'supervisor', displayName: 'Supervisor' }],
    inviter: null,
    advisor: null,
    department: null,
    supervisor: null,
    ...overrides,
  };
}

function session(overrides: Partial<SessionDto> = {}): SessionDto {
  return {
    id: 's1',
    createdAt: '2026-11-20T10:00:00.000Z',
    lastSeenAt: '2026-11-20T10:05:00.000Z',
    expiresAt: '2026-11-20T22:00:00.000Z',
    ipAddress: '203.0.113.5',
    userAgent: CHROME,
    current: false,
    ...overrides,
  };
}

/** The API as these actions see it; `failReset` makes the two-factor reset fail. */
function stubApi({ sessions = [session()], failReset = false } = {}) {
  const calls: Array<{ method: string; url: string }> = [];
  let live = sessions;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      if (method === 'DELETE' && url.endsWith('/identity/users/42/two-factor')) {
        return failReset ? errorResponse(500, 'INTERNAL') : new Response(null, { status: 204 });
      }
      if (method === 'DELETE' && url.endsWith('/identity/users/42/sessions')) {
        live = [];
        return new Response(null, { status: 204 });
      }
      const one = /\/identity\/users\/42\/sessions\/([^/]+)$/.exec(url);
      if (method === 'DELETE' && one) {
        const before = live.length;
        live = live.filter((s) => s.id !== decodeURIComponent(one[1]!));
        return live.length < before ? new Response(null, { status: 204 }) : errorResponse(404, 'NOT_FOUND');
      }
      if (method === 'GET' && url.endsWith('/identity/users/42/sessions')) return jsonResponse(live);
      return errorResponse(404, 'NOT_FOUND');
    }),
  );
  return calls;
}

function signInWith(permissions: string[]) {
  startSession({ accessToken: 'token', user: buildSessionUser({ roles: [ROLE_NAME.admin] }), permissions });
}

function renderTable() {
  renderWithProviders(
    <UsersTable
      label="Users"
      rows={[buildUser()]}
      totalCount={1}
      page={1}
      pageSize={10}
      onPageChange={() => {}}
      onPageSizeChange={() => {}}
      isLoading={false}
      isError={false}
      isFiltered={false}
      actions={{ onEdit: () => {} }}
    />,
  );
}

async function openMenu() {
  await userEvent.click(screen.getByRole('button', { name: 'Actions for Grace Hopper' }));
  // happy-dom lays nothing out, so the popover's detached-reference check keeps the dropdown at
  // display: none; its items are still the real ones.
  const menu = await screen.findByRole('menu', { hidden: true });
  return {
    item: (name: string) => within(menu).getByRole('menuitem', { name, hidden: true }),
    missing: (name: string) => within(menu).queryByRole('menuitem', { name, hidden: true }) === null,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('users security actions', () => {
  it('offers neither action without the permissions', async () => {
    signInWith(['user:edit']);
    stubApi();
    renderTable();
    const menu = await openMenu();
    expect(menu.item('Edit')).toBeTruthy();
    expect(menu.missing('Reset two-factor sign-in')).toBe(true);
    expect(menu.missing('Sessions')).toBe(true);
  });

  it("resets the user's two-factor sign-in after a confirmation naming them", async () => {
    signInWith(['user:edit', 'user:reset-two-factor']);
    const calls = stubApi();
    renderTable();
    const menu = await openMenu();
    expect(menu.missing('Sessions')).toBe(true);
    await userEvent.click(menu.item('Reset two-factor sign-in'));

    const dialog = await screen.findByRole('dialog', { name: 'Reset two-factor sign-in' });
    expect(within(dialog).getByText(/Reset the two-factor sign-in of Grace Hopper\?/)).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));

    expect(await screen.findByText('The two-factor sign-in of Grace Hopper has been reset successfully')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      expect.stringMatching(/\/api\/v1\/identity\/users\/42\/two-factor$/),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reset two-factor sign-in' })).toBeNull());
  });

  it('keeps the confirmation open and says so when the reset fails', async () => {
    signInWith(['user:reset-two-factor']);
    stubApi({ failReset: true });
    renderTable();
    await userEvent.click((await openMenu()).item('Reset two-factor sign-in'));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-factor sign-in' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText("Couldn't reset the two-factor sign-in. Please try again.")).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Reset two-factor sign-in' })).toBeTruthy();
  });

  it("lists the user's sessions and revokes them all after confirmation, then shows the empty state", async () => {
    signInWith(['session:revoke']);
    const calls = stubApi({
      sessions: [
        session(),
        session({ id: 's2', ipAddress: null, userAgent: null, lastSeenAt: '2026-11-21T08:30:00Z' }),
      ],
    });
    renderTable();
    await userEvent.click((await openMenu()).item('Sessions'));

    const modal = await screen.findByRole('dialog', { name: 'Sessions of Grace Hopper' });
    const table = await within(modal).findByRole('table', { name: 'Active sessions of Grace Hopper' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('Chrome on Windows')).toBeTruthy();
    expect(within(first!).getByText('203.0.113.5')).toBeTruthy();
    expect(within(second!).getByText('Unknown device')).toBeTruthy();
    expect(within(second!).getByText('Unknown address')).toBeTruthy();
    expect(within(second!).getByText(/Nov 21, 2026/)).toBeTruthy();

    await userEvent.click(within(modal).getByRole('button', { name: 'Revoke all sessions' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke all sessions' });
    expect(within(confirm).getByText(/Sign Grace Hopper out on every device\?/)).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke all' }));

    expect(await screen.findByText('All sessions of Grace Hopper have been revoked')).toBeTruthy();
    expect(await within(modal).findByText('Grace Hopper has no active sessions.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      expect.stringMatching(/\/api\/v1\/identity\/users\/42\/sessions$/),
    ]);
  });

  it('revokes one session after confirmation and keeps the others listed', async () => {
    signInWith(['session:revoke']);
    const calls = stubApi({
      sessions: [session(), session({ id: 's2', ipAddress: '198.51.100.7', userAgent: null })],
    });
    renderTable();
    await userEvent.click((await openMenu()).item('Sessions'));
    const modal = await screen.findByRole('dialog', { name: 'Sessions of Grace Hopper' });
    const table = await within(modal).findByRole('table', { name: 'Active sessions of Grace Hopper' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    // Cancelling sends nothing.
    await userEvent.click(within(table).getByRole('button', { name: 'Revoke the session of Unknown device' }));
    const cancelled = await screen.findByRole('dialog', { name: 'Revoke session' });
    await userEvent.click(within(cancelled).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke session' })).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(within(table).getByRole('button', { name: 'Revoke the session of Unknown device' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke session' });
    expect(within(confirm).getByText(/signed out at its next request/)).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('The session has been revoked.')).toBeTruthy();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('Chrome on Windows')).toBeTruthy();
    expect(within(table).queryByText('198.51.100.7')).toBeNull();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      expect.stringMatching(/\/api\/v1\/identity\/users\/42\/sessions\/s2$/),
    ]);
  });

  it('says so when the session could not be revoked, and refreshes the list', async () => {
    signInWith(['session:revoke']);
    const calls = stubApi({ sessions: [session({ id: 'gone' })] });
    renderTable();
    await userEvent.click((await openMenu()).item('Sessions'));
    const modal = await screen.findByRole('dialog', { name: 'Sessions of Grace Hopper' });
    const table = await within(modal).findByRole('table', { name: 'Active sessions of Grace Hopper' });
    // The session ended elsewhere meanwhile: the API answers 404 for it.
    calls.length = 0;
    await userEvent.click(within(table).getByRole('button', { name: 'Revoke the session of Chrome on Windows' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke session' });
    vi.mocked(fetch).mockImplementationOnce(async () => errorResponse(404, 'NOT_FOUND'));
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The session could not be revoked. Try again.')).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'GET').map((call) => call.url)).toContainEqual(
        expect.stringMatching(/\/identity\/users\/42\/sessions$/),
      ),
    );
  });

  it('shows the empty state without a revoke button when the user has no sessions', async () => {
    signInWith(['session:revoke']);
    stubApi({ sessions: [] });
    renderTable();
    await userEvent.click((await openMenu()).item('Sessions'));
    const modal = await screen.findByRole('dialog', { name: 'Sessions of Grace Hopper' });
    expect(await within(modal).findByText('Grace Hopper has no active sessions.')).toBeTruthy();
    expect(within(modal).queryByRole('button', { name: 'Revoke all sessions' })).toBeNull();
    expect(within(modal).queryByRole('button', { name: /Revoke the session/ })).toBeNull();
  });
});
