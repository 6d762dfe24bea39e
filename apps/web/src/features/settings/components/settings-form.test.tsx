import { FIRM_SETTINGS_DEFAULTS } from '@ledgerport/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { SettingsForm } from './settings-form';

const settings = { ...FIRM_SETTINGS_DEFAULTS, sessionAbsoluteHours: 12 };

describe('SettingsForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves the switches and lifetimes as the administrator set them', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      jsonResponse(JSON.parse(String(init?.body))),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SettingsForm settings={settings} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('switch', { name: 'Require two-factor sign-in for staff' }));
    const idle = screen.getByLabelText('Idle time-out for staff (minutes)');
    await user.clear(idle);
    await user.type(idle, '45');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings have been updated successfully')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/identity\/settings$/);
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({
      ...settings,
      twoFactorRequiredForStaff: true,
      sessionIdleMinutesStaff: 45,
    });
  });

  it('refuses a lifetime outside its range without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SettingsForm settings={settings} />);
    const user = userEvent.setup();

    const absolute = screen.getByLabelText('Sign in again after (hours)', { exact: false });
    await user.clear(absolute);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Enter a whole number from 1 to 720')).toBeTruthy();
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});
