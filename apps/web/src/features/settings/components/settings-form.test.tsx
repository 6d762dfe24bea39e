import { ERROR_CODE, FIRM_SETTINGS_DEFAULTS } from '@ledgerport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { SettingsForm } from './settings-form';

const settings = { ...FIRM_SETTINGS_DEFAULTS, sessionAbsoluteHours: 12, version: '0' };
const { version: _version, ...values } = settings;
const TAX = { id: 3, name: 'tax', displayName: 'Tax', color: '#1c7ed6', departmentId: 1 };

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** The messages section lists the active services; everything else goes to `handle`. */
function withServices(handle: Fetch): Fetch {
  return async (input, init) =>
    String(input).endsWith('/document/services/all') ? jsonResponse([TAX]) : handle(input, init);
}

describe('SettingsForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves the switches and lifetimes as the administrator set them', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      jsonResponse({ ...JSON.parse(String(init?.body)), version: '7' }),
    );
    vi.stubGlobal('fetch', withServices(fetchMock));
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
    expect(new Headers(init?.headers).get('if-match')).toBe('"0"');
    expect(JSON.parse(String(init?.body))).toEqual({
      ...values,
      twoFactorRequiredForStaff: true,
      sessionIdleMinutesStaff: 45,
    });
  });

  it('refuses a lifetime outside its range without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', withServices(fetchMock));
    renderWithProviders(<SettingsForm settings={settings} />);
    const user = userEvent.setup();

    const absolute = screen.getByLabelText('Sign in again after (hours)', { exact: false });
    await user.clear(absolute);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Enter a whole number from 1 to 720')).toBeTruthy();
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });

  it('keeps what was typed when another administrator saved meanwhile, and saves both', async () => {
    const theirs = { ...settings, sessionAbsoluteHours: 24, version: '8' };
    const ifMatches: Array<string | null> = [];
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      withServices(async (_input, init) => {
        if (init?.method !== 'PUT') return jsonResponse(theirs);
        ifMatches.push(new Headers(init.headers).get('if-match'));
        bodies.push(JSON.parse(String(init.body)));
        if (ifMatches.length === 1) {
          return errorResponse(
            412,
            ERROR_CODE.staleVersion,
            {},
            { changedBy: { id: 2, name: 'Ada Admin' }, changedAt: '2026-11-26T14:05:00.000Z', currentVersion: '8' },
          );
        }
        return jsonResponse({ ...JSON.parse(String(init.body)), version: '9' });
      }),
    );
    renderWithProviders(<SettingsForm settings={settings} />);
    const user = userEvent.setup();

    const idle = screen.getByLabelText('Idle time-out for clients (minutes)');
    await user.clear(idle);
    await user.type(idle, '90');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Ada Admin saved it on');
    expect(alert.textContent).toContain('They changed: Sign in again after (hours).');
    expect((idle as HTMLInputElement).value).toBe('90');

    await user.click(screen.getByRole('button', { name: 'Take their changes, keep mine' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings have been updated successfully')).toBeTruthy();
    expect(ifMatches).toEqual(['"0"', '"8"']);
    expect(bodies[1]).toEqual({ ...values, sessionIdleMinutesClients: 90, sessionAbsoluteHours: 24 });
  });

  it('saves the firm’s default reminder cadence and refuses an emptied number with its range', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      jsonResponse({ ...JSON.parse(String(init?.body)), version: '7' }),
    );
    vi.stubGlobal('fetch', withServices(fetchMock));
    renderWithProviders(<SettingsForm settings={settings} />);
    const user = userEvent.setup();
    const section = screen.getByRole('region', { name: 'Request reminders' });

    // The field keeps a typed number within 1 to 60; left empty, it is refused with the range.
    const overdue = within(section).getByLabelText('Then every so many days while overdue');
    await user.clear(overdue);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Enter a whole number from 1 to 60')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(overdue);
    await user.type(overdue, '14');
    const before = within(section).getByLabelText('Days before the due date', { exact: false });
    await user.clear(before);
    await user.type(before, '5');
    await user.click(within(section).getByRole('switch', { name: 'Remind on the due date' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings have been updated successfully')).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      ...values,
      reminderDaysBefore: 5,
      reminderOnDueDate: false,
      reminderEveryDaysOverdue: 14,
    });
  });

  it('names the service secure messages’ attachments are filed under, or none', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      jsonResponse({ ...JSON.parse(String(init?.body)), version: '7' }),
    );
    vi.stubGlobal('fetch', withServices(fetchMock));
    renderWithProviders(<SettingsForm settings={settings} />);
    const user = userEvent.setup();
    const section = screen.getByRole('region', { name: 'Secure messages' });

    await user.click(within(section).getByRole('combobox', { name: 'File message attachments under' }));
    await user.click(await screen.findByRole('option', { name: 'Tax', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings have been updated successfully')).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ ...values, messagesServiceId: TAX.id });
  });
});
