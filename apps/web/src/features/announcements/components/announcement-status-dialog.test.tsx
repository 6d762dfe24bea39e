import { ERROR_CODE } from '@ledgerport/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, renderWithProviders } from '@/testing/test-utils';
import { AnnouncementStatusDialog, type AnnouncementTarget } from './announcement-status-dialog';

const ACTIVE: AnnouncementTarget = { id: 7, title: 'Office closed Friday', isActive: true, version: '12' };
const INACTIVE: AnnouncementTarget = { ...ACTIVE, isActive: false };
const CHANGED_AT = '2026-11-26T14:05:00.000Z';

/** Answers every call with `answer` and remembers the calls. */
function stubApi(answer: () => Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const noContent = () => new Response(null, { status: 204 });
const stale = () =>
  errorResponse(
    412,
    ERROR_CODE.staleVersion,
    {},
    { changedBy: { id: 3, name: 'Avery Admin' }, changedAt: CHANGED_AT, currentVersion: '13' },
  );

function renderDialog(target: AnnouncementTarget) {
  const onClose = vi.fn();
  renderWithProviders(<AnnouncementStatusDialog target={target} onClose={onClose} />);
  return { onClose, user: userEvent.setup() };
}

function sent(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls.map(([url, init]) => ({
    url,
    method: init?.method,
    ifMatch: new Headers(init?.headers).get('If-Match'),
  }));
}

describe('AnnouncementStatusDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("deactivates with the list row's version as If-Match and says so", async () => {
    const fetchMock = stubApi(noContent);
    const { user, onClose } = renderDialog(ACTIVE);

    expect(await screen.findByRole('dialog', { name: 'Deactivate announcement' })).toBeTruthy();
    expect(screen.getByText('Are you sure you want to deactivate the announcement Office closed Friday?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByText('Office closed Friday has been deactivated successfully')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(sent(fetchMock)).toEqual([
      { url: '/api/v1/document/announcements/7/deactivate', method: 'PATCH', ifMatch: '"12"' },
    ]);
  });

  it("activates with the list row's version as If-Match and says so", async () => {
    const fetchMock = stubApi(noContent);
    const { user, onClose } = renderDialog(INACTIVE);

    expect(await screen.findByRole('dialog', { name: 'Activate announcement' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Activate' }));

    expect(await screen.findByText('Office closed Friday has been activated successfully')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(sent(fetchMock)).toEqual([
      { url: '/api/v1/document/announcements/7/activate', method: 'PATCH', ifMatch: '"12"' },
    ]);
  });

  it('when the announcement changed meanwhile, says so and who saved it, closes, and changes nothing more', async () => {
    const fetchMock = stubApi(stale);
    const { user, onClose } = renderDialog(ACTIVE);

    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));

    const when = dayjs(CHANGED_AT).format('MM.DD.YYYY, hh:mm A');
    expect(
      await screen.findByText(
        'Office closed Friday was changed by someone else after the list was loaded, so nothing was changed: ' +
          `the list now shows it as it is. Avery Admin saved it on ${when}.`,
      ),
    ).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Office closed Friday has been deactivated successfully')).toBeNull();
    expect(screen.queryByText('An error occurred. Announcement could not be deactivated')).toBeNull();
    // The one refused change, sent with the row's version; nothing is sent over theirs.
    expect(sent(fetchMock)).toEqual([
      { url: '/api/v1/document/announcements/7/deactivate', method: 'PATCH', ifMatch: '"12"' },
    ]);
  });
});
