import type { NotificationPreferencesDto } from '@ledgerport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { NotificationPreferencesSection } from './notification-preferences-section';

const PATH = '/api/v1/identity/users/me/notification-preferences';

const CLIENT_DEFAULTS: NotificationPreferencesDto = {
  kinds: [
    { kind: 'requestCreated', delivery: 'immediately' },
    { kind: 'requestItemReturned', delivery: 'immediately' },
    { kind: 'documentReceived', delivery: 'dailyDigest' },
    { kind: 'reminder', delivery: 'immediately' },
  ],
  digestHour: 8,
  version: '10',
};

/** `refuseFirst`: another tab saved version 11 (with the digest at 6) before this one's first save. */
function stubApi({ refuseFirst = false } = {}) {
  const puts: Array<{ ifMatch: string | null; body: { kinds: unknown[]; digestHour: number } }> = [];
  const theirs = { ...CLIENT_DEFAULTS, digestHour: 6, version: '11' };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (!input.startsWith(PATH)) return errorResponse(404, 'NOT_FOUND');
      if (method === 'GET') return jsonResponse(refuseFirst && puts.length > 0 ? theirs : CLIENT_DEFAULTS);
      const body = JSON.parse(String(init!.body));
      puts.push({ ifMatch: new Headers(init!.headers).get('if-match'), body });
      if (refuseFirst && puts.length === 1) {
        return errorResponse(
          412,
          'STALE_VERSION',
          {},
          {
            changedBy: { id: 5, name: 'Cleo Client' },
            changedAt: '2026-11-27T08:00:00.000Z',
            currentVersion: '11',
          },
        );
      }
      return jsonResponse({ ...body, version: '12' });
    }),
  );
  return puts;
}

/** Picks `option` in the select `combobox` (each select has its own list). */
async function choose(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  await waitFor(() => expect(combobox.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(combobox.getAttribute('aria-controls')!)!;
  await user.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

describe('notification settings on the profile page (issue 22 item 3)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each kind this person receives with its choice, and saves a change with If-Match', async () => {
    const puts = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<NotificationPreferencesSection />);
    const section = await screen.findByRole('region', { name: 'Notifications' });
    const documents = await within(section).findByRole('combobox', { name: 'Your firm uploads a document for you' });
    expect((documents as HTMLInputElement).value).toBe('Daily digest');
    expect(
      (within(section).getByRole('combobox', { name: 'Your firm sends you a new request' }) as HTMLInputElement).value,
    ).toBe('Immediately');
    // Staff kinds are not offered to a client.
    expect(within(section).queryByText('A client uploads a document')).toBeNull();

    await choose(user, documents, 'In the app only');
    await user.click(within(section).getByRole('button', { name: 'Save notification settings' }));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      ifMatch: '"10"',
      body: {
        kinds: [
          { kind: 'requestCreated', delivery: 'immediately' },
          { kind: 'requestItemReturned', delivery: 'immediately' },
          { kind: 'documentReceived', delivery: 'inAppOnly' },
          { kind: 'reminder', delivery: 'immediately' },
        ],
        digestHour: 8,
      },
    });
    expect(await screen.findByText('Your notification settings have been saved')).toBeTruthy();
  });

  it('after a save in another tab: keeps this choice, takes in theirs, and saves both', async () => {
    const puts = stubApi({ refuseFirst: true });
    const user = userEvent.setup();
    renderWithProviders(<NotificationPreferencesSection />);
    const section = await screen.findByRole('region', { name: 'Notifications' });
    await choose(
      user,
      await within(section).findByRole('combobox', { name: 'Reminders of what is due' }),
      'Daily digest',
    );
    await user.click(within(section).getByRole('button', { name: 'Save notification settings' }));

    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain('Cleo Client');
    expect(alert.textContent).toContain('They changed: Daily digest at.');
    await user.click(within(alert).getByRole('button', { name: 'Take their changes, keep mine' }));
    await user.click(within(section).getByRole('button', { name: 'Save notification settings' }));

    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]!.ifMatch).toBe('"11"');
    expect(puts[1]!.body.digestHour).toBe(6);
    expect(puts[1]!.body.kinds).toContainEqual({ kind: 'reminder', delivery: 'dailyDigest' });
  });
});
