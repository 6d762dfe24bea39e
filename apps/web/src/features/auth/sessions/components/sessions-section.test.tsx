import type { SessionDto } from '@ledgerport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { SessionsSection } from './sessions-section';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

function session(overrides: Partial<SessionDto>): SessionDto {
  return {
    id: 'a',
    createdAt: '2026-11-20T10:00:00.000Z',
    lastSeenAt: '2026-11-20T10:05:00.000Z',
    expiresAt: '2026-11-20T22:00:00.000Z',
    ipAddress: '203.0.113.5',
    userAgent: CHROME,
    current: false,
    ...overrides,
  };
}

function stubApi(list: SessionDto[]) {
  const calls: Array<{ method: string; url: string }> = [];
  let sessions = list;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      if (method === 'DELETE') {
        sessions = sessions.filter((s) => !url.endsWith(`/${s.id}`));
        return new Response(null, { status: 204 });
      }
      return jsonResponse(sessions);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('SessionsSection', () => {
  it('marks this device and revokes another session after confirmation', async () => {
    const calls = stubApi([
      session({ id: 'current-1', current: true }),
      session({ id: 'other-2', userAgent: FIREFOX, ipAddress: '198.51.100.7' }),
    ]);
    renderWithProviders(<SessionsSection />);
    const table = await screen.findByRole('table', { name: 'Active sessions' });
    const [, currentRow, otherRow] = within(table).getAllByRole('row');
    expect(within(currentRow!).getByText('This device')).toBeTruthy();
    expect(within(currentRow!).getByText('Chrome on Windows')).toBeTruthy();
    expect(within(otherRow!).queryByText('This device')).toBeNull();

    await userEvent.click(within(otherRow!).getByRole('button', { name: 'Revoke the session of Firefox on Linux' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke session' });
    expect(within(dialog).getByText(/signed out at its next request/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    await waitFor(() => expect(screen.queryByText('Firefox on Linux')).toBeNull());
    expect(calls).toContainEqual({ method: 'DELETE', url: '/api/v1/identity/users/me/sessions/other-2' });
  });

  it('warns before revoking the session in use', async () => {
    stubApi([session({ id: 'current-1', current: true })]);
    renderWithProviders(<SessionsSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke the session of Chrome on Windows' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke session' });
    expect(within(dialog).getByText(/you will be signed out/)).toBeTruthy();
  });
});
