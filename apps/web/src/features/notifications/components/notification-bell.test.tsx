import { BACKGROUND_REQUEST_HEADER, type NotificationDto } from '@ledgerport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '@/lib/session';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { notificationKeys } from '../api/notification-keys';
import { NotificationBell } from './notification-bell';

const BASE = '/api/v1/identity/users/me/notifications';

const notification = (id: number, overrides: Partial<NotificationDto> = {}): NotificationDto => ({
  id,
  kind: 'documentUploaded',
  title: `Acme LLC uploaded W-2 ${id}.pdf`,
  link: `/documents/${id}`,
  clientId: 3,
  clientName: 'Acme LLC',
  actorName: 'Ana Client',
  createdAt: '2026-11-27T09:30:00.000Z',
  readAt: null,
  ...overrides,
});

/**
 * A fake API with a live stream: `push` sends an `unread` event down the open stream, as the server
 * does when a notification is created for this user on any process.
 */
function stubApi(initial: NotificationDto[], { refusedStreams = 0 }: { refusedStreams?: number } = {}) {
  let items = initial;
  const encoder = new TextEncoder();
  let stream: ReadableStreamDefaultController<Uint8Array> | null = null;
  const calls: Array<{ method: string; url: string; authorization: string | null; background: string | null }> = [];
  const unread = () => items.filter((item) => item.readAt === null).length;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({
        method,
        url: url.pathname + url.search,
        authorization: new Headers(init?.headers).get('authorization'),
        background: new Headers(init?.headers).get(BACKGROUND_REQUEST_HEADER),
      });
      // The access token has expired while the API is restarting: the refresh cannot be answered.
      if (url.pathname.endsWith('/refresh-jwt-tokens')) return errorResponse(503, 'SERVICE_UNAVAILABLE');
      if (url.pathname === `${BASE}/stream` && refusedStreams > 0) {
        refusedStreams -= 1;
        return errorResponse(401, 'UNAUTHORIZED');
      }
      if (url.pathname === `${BASE}/stream`) {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            stream = controller;
            controller.enqueue(encoder.encode(`event: unread\ndata: {"unreadCount":${unread()}}\n\n`));
          },
        });
        return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }
      if (method === 'GET' && url.pathname === BASE) {
        const onlyUnread = url.searchParams.get('unread') === 'true';
        const list = onlyUnread ? items.filter((item) => item.readAt === null) : items;
        const offset = Number(url.searchParams.get('offset'));
        const limit = Number(url.searchParams.get('limit'));
        return jsonResponse({
          items: list.slice(offset, offset + limit),
          totalCount: list.length,
          unreadCount: unread(),
        });
      }
      if (method === 'PUT' && url.pathname === `${BASE}/read-all`) {
        items = items.map((item) => ({ ...item, readAt: item.readAt ?? '2026-11-27T10:00:00.000Z' }));
        return jsonResponse({ unreadCount: 0 });
      }
      const read = url.pathname.match(new RegExp(`^${BASE}/(\\d+)/read$`));
      if (method === 'PUT' && read) {
        items = items.map((item) =>
          item.id === Number(read[1]) ? { ...item, readAt: '2026-11-27T10:00:00.000Z' } : item,
        );
        return jsonResponse({ unreadCount: unread() });
      }
      return errorResponse(404, 'NOT_FOUND');
    }),
  );
  return {
    calls,
    /** A secure conversation the person may see changed (a message, a status), announced on the stream. */
    changeConversation(conversationId: number) {
      stream?.enqueue(encoder.encode(`event: conversation\ndata: {"conversationId":${conversationId}}\n\n`));
    },
    /** Another person's action: a new notification, announced on the stream. */
    push(item: NotificationDto) {
      items = [item, ...items];
      stream?.enqueue(encoder.encode(`event: unread\ndata: {"unreadCount":${unread()}}\n\n`));
    },
  };
}

function renderBell() {
  // The bell is in the header: it stays while the page under it changes.
  return renderWithProviders(
    <>
      <NotificationBell preferencesPath="/profile#notifications" />
      <Routes>
        <Route path="/" element={<p>Home page</p>} />
        <Route path="/documents/:id" element={<p>Document page</p>} />
        <Route path="/profile" element={<p>Profile page</p>} />
      </Routes>
    </>,
  );
}

describe('the notification bell (issue 22 items 1 and 2)', () => {
  beforeEach(() =>
    startSession({
      accessToken: 'token-1',
      user: {
        id: 5,
        departmentId: 1,
        firstName: 'Ada',
        lastName: 'Advisor',
        username: 'ada',
        emailAddress: 'ada@example.com',
        roles: ['Advisor'],
        isTaxEmployee: false,
        isLeadOnboardingCompleted: true,
        leadIdHash: null,
      },
      permissions: [],
    }),
  );
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession('logout');
  });

  it('counts up as the stream says, without reloading, over a stream signed in like the API', async () => {
    const api = stubApi([]);
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();

    api.push(notification(1));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
    api.push(notification(2));
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy();
    expect(api.calls.find((call) => call.url.endsWith('/stream'))?.authorization).toBe('Bearer token-1');
  });

  it('counts the changes of secure conversations the stream reports, for the messages to follow', async () => {
    const api = stubApi([]);
    const { queryClient } = renderBell();
    await waitFor(() => expect(api.calls.some((call) => call.url.endsWith('/stream'))).toBe(true));
    const changes = () => queryClient.getQueryData(notificationKeys.conversationChanges());
    await waitFor(() => expect(changes()).toEqual({ changes: 0, conversationId: null }));

    api.changeConversation(12);
    await waitFor(() => expect(changes()).toEqual({ changes: 1, conversationId: 12 }));
    // The same conversation again is another change, not a repeat.
    api.changeConversation(12);
    await waitFor(() => expect(changes()).toEqual({ changes: 2, conversationId: 12 }));
    // The bell's count is untouched: nothing was notified.
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('tries the stream again after a refresh the server could not answer, rather than giving up', async () => {
    const api = stubApi([notification(1)], { refusedStreams: 1 });
    renderBell();

    await waitFor(
      () => expect(api.calls.filter((call) => call.url.endsWith('/stream')).length).toBeGreaterThanOrEqual(2),
      { timeout: 4000 },
    );
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
    api.push(notification(2));
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy();
  });

  it('marks the stream and the count as background (no person asked), and not the list one opens', async () => {
    const api = stubApi([notification(1)]);
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await within(await screen.findByRole('dialog', { name: 'Notifications' })).findAllByRole('listitem');

    const background = (match: (url: string) => boolean) =>
      api.calls.filter((call) => match(call.url)).map((call) => call.background);
    expect(background((url) => url.endsWith('/stream'))).toContain('1');
    expect(new Set(background((url) => url.includes('limit=1&')))).toEqual(new Set(['1']));
    expect(new Set(background((url) => url.includes('limit=20&')))).toEqual(new Set([null]));
  });

  it('lists them newest first; opening one marks it read and goes to it', async () => {
    stubApi([notification(2), notification(1, { readAt: '2026-11-26T08:00:00.000Z', title: 'An older one' })]);
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));

    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const list = await within(panel).findByRole('list', { name: 'Notifications' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Acme LLC uploaded W-2 2.pdf'),
      expect.stringContaining('An older one'),
    ]);
    expect(rows[0]!.textContent).toContain('Unread');
    expect(rows[1]!.textContent).not.toContain('Unread');

    expect(within(rows[0]!).getByRole('button', { name: 'Mark as read: Acme LLC uploaded W-2 2.pdf' })).toBeTruthy();
    const opener = (name: string) => name.includes('W-2 2.pdf') && !name.startsWith('Mark as read');
    await user.click(within(rows[0]!).getByRole('button', { name: opener }));
    expect(await screen.findByText('Document page')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('marks all read, then shows the unread filter empty', async () => {
    const api = stubApi([notification(3), notification(2), notification(1)]);
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(panel).findAllByRole('listitem');

    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toHaveProperty('disabled', true),
    );
    expect(api.calls.filter((call) => call.method === 'PUT').map((call) => call.url)).toEqual([`${BASE}/read-all`]);
    await user.click(within(panel).getByRole('radio', { name: 'Unread' }));
    expect(await within(panel).findByText('You are all caught up.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('pages the history with "Show more"', async () => {
    stubApi(Array.from({ length: 25 }, (_, index) => notification(25 - index)));
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 25 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findAllByRole('listitem')).toHaveLength(20);
    await user.click(within(panel).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(25));
    expect(within(panel).queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
