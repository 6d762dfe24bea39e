import { BACKGROUND_REQUEST_HEADER, ROLE_NAME } from '@ledgerport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '@/lib/session';
import { buildSessionUser } from '@/testing/factories';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { messageKeys } from '../api/message-keys';
import { Inbox } from './inbox';
import { CLIENT_USER, OTHER_STAFF, STAFF, buildConversation, stubApi } from './messages-fixtures';

const LIST_URL = '/api/v1/document/conversations';

function renderInbox(route = '/messages') {
  renderWithProviders(
    <Inbox
      title="Messages"
      conversationHref={(id) => `/messages/${id}`}
      hitHref={(hit) => `/messages/${hit.conversationId}#message-${hit.messageId}`}
      onStarted={vi.fn()}
    />,
    { route },
  );
  return userEvent.setup();
}

const listCalls = (calls: Array<{ method: string; url: string }>) =>
  calls
    .filter((call) => call.method === 'GET' && call.url.startsWith(`${LIST_URL}?`))
    .map((call) => new URL(call.url, 'http://x').searchParams);

describe('Inbox', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads a page already on screen again as a background request (an open inbox still goes idle)', async () => {
    startSession({ accessToken: 'token', user: buildSessionUser({ id: STAFF.userId }), permissions: ['message:list'] });
    const calls = stubApi(({ method, url }) =>
      method === 'GET' && url.startsWith(`${LIST_URL}?`)
        ? jsonResponse({ items: [buildConversation()], totalCount: 1, unreadConversations: 0 })
        : undefined,
    );
    const { queryClient } = renderWithProviders(
      <Inbox title="Messages" conversationHref={(id) => `/messages/${id}`} hitHref={() => '/'} onStarted={vi.fn()} />,
      { route: '/messages' },
    );
    await screen.findByRole('list', { name: 'Conversations' });
    const lists = () => calls.filter((call) => call.method === 'GET' && call.url.startsWith(`${LIST_URL}?`));
    expect(lists().map((call) => call.headers.get(BACKGROUND_REQUEST_HEADER))).toEqual([null]);

    // A conversation changed elsewhere: the stream's refresh reads the same page again.
    await queryClient.invalidateQueries({ queryKey: messageKeys.lists() });
    await waitFor(() => expect(lists()).toHaveLength(2));
    expect(lists()[1]!.headers.get(BACKGROUND_REQUEST_HEADER)).toBe('1');
  });

  it('lists conversations and narrows them with the filters, kept in the URL', async () => {
    startSession({
      accessToken: 'token',
      user: buildSessionUser({ id: STAFF.userId }),
      permissions: ['message:list', 'message:send', 'message:manage'],
    });
    const calls = stubApi(({ method, url }) => {
      if (method !== 'GET' || !url.startsWith(`${LIST_URL}?`)) return undefined;
      const unread = new URL(url, 'http://x').searchParams.get('unread') === 'true';
      const items = [
        buildConversation({ unreadCount: 2, assignee: { userId: OTHER_STAFF.userId, name: OTHER_STAFF.name } }),
        ...(unread ? [] : [buildConversation({ id: 6, subject: 'Payroll question', clientName: 'Beta Inc' })]),
      ];
      return jsonResponse({ items, totalCount: items.length, unreadConversations: 1 });
    });
    const user = renderInbox();

    const list = await screen.findByRole('list', { name: 'Conversations' });
    const card = within(list).getByRole('listitem', { name: 'Your 2026 return' });
    expect(within(card).getByRole('link', { name: 'Your 2026 return' }).getAttribute('href')).toBe('/messages/5');
    expect(within(card).getByText('Acme LLC')).toBeTruthy();
    expect(within(card).getByText('2 unread')).toBeTruthy();
    expect(within(card).getByText('Assigned to Grace Hopper')).toBeTruthy();
    expect(within(card).getByText('Could you send the W-2?')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Actions for Your 2026 return' })).toBeTruthy();
    expect(within(list).getByRole('listitem', { name: 'Payroll question' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Client' })).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Unread' }));
    await waitFor(() => expect(within(list).queryByRole('listitem', { name: 'Payroll question' })).toBeNull());
    expect(listCalls(calls).at(-1)?.get('unread')).toBe('true');

    await user.click(screen.getByRole('checkbox', { name: 'Assigned to me' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('assigned')).toBe('me'));
    expect(listCalls(calls).at(-1)?.get('unread')).toBe('true');
    // "Unassigned" and "Assigned to me" exclude each other.
    await user.click(screen.getByRole('checkbox', { name: 'Unassigned' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('assigned')).toBe('unassigned'));
    expect((screen.getByRole('checkbox', { name: 'Assigned to me' }) as HTMLInputElement).checked).toBe(false);
  });

  it('reads its filters from the URL and says when nothing matches them', async () => {
    startSession({ accessToken: 'token', user: buildSessionUser(), permissions: ['message:list', 'message:send'] });
    const calls = stubApi(() => jsonResponse({ items: [], totalCount: 0, unreadConversations: 0 }));
    renderInbox('/messages?status=closed&assigned=unassigned');

    expect(await screen.findByText('Your search returned no results. Make sure you search properly')).toBeTruthy();
    const query = listCalls(calls).at(-1)!;
    expect(query.get('status')).toBe('closed');
    expect(query.get('assigned')).toBe('unassigned');
    // A filtered list offers no "start one".
    expect(screen.getAllByRole('button', { name: 'New conversation' })).toHaveLength(1);
  });

  it('shows the empty state with a way to start a conversation', async () => {
    startSession({ accessToken: 'token', user: buildSessionUser(), permissions: ['message:list', 'message:send'] });
    stubApi(() => jsonResponse({ items: [], totalCount: 0, unreadConversations: 0 }));
    renderInbox();

    expect(await screen.findByText('There are no items to display.')).toBeTruthy();
    expect(screen.getByText(/Start one with a client/)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'New conversation' })).toHaveLength(2);
  });

  it('searches the messages and opens a hit at its message; says when nothing matches', async () => {
    startSession({ accessToken: 'token', user: buildSessionUser(), permissions: ['message:list'] });
    const calls = stubApi(({ method, url }) => {
      if (method === 'GET' && url.startsWith(`${LIST_URL}/search?`)) {
        const q = new URL(url, 'http://x').searchParams.get('q');
        if (q !== 'invoice') return jsonResponse({ items: [], totalCount: 0 });
        return jsonResponse({
          items: [
            {
              conversationId: 5,
              messageId: 100,
              subject: 'Your 2026 return',
              clientName: 'Acme LLC',
              snippet: 'the «invoice» is attached',
              createdAt: '2026-11-20T10:00:00.000Z',
            },
          ],
          totalCount: 1,
        });
      }
      return jsonResponse({ items: [], totalCount: 0, unreadConversations: 0 });
    });
    const user = renderInbox();

    const field = await screen.findByRole('textbox', { name: 'Search messages' });
    await user.type(field, 'invoice{Enter}');
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getByRole('link', { name: 'Your 2026 return' }).getAttribute('href')).toBe(
      '/messages/5#message-100',
    );
    expect(within(results).getByText('invoice').tagName).toBe('MARK');
    expect(calls.some((call) => call.url.includes('/search?q=invoice'))).toBe(true);

    await user.clear(field);
    await user.type(field, 'zebra{Enter}');
    expect(await screen.findByText('No messages match "zebra". Try other words.')).toBeTruthy();
  });

  it('gives a client user no client or assignee filters and a "New message" button', async () => {
    startSession({
      accessToken: 'token',
      user: buildSessionUser({ id: CLIENT_USER.userId, roles: [ROLE_NAME.client] }),
      permissions: ['message:list', 'message:send'],
    });
    stubApi(() =>
      jsonResponse({ items: [buildConversation({ unreadCount: 1 })], totalCount: 1, unreadConversations: 1 }),
    );
    renderInbox();

    const card = await screen.findByRole('listitem', { name: 'Your 2026 return' });
    expect(within(card).queryByText('Acme LLC')).toBeNull();
    expect(within(card).queryByRole('button', { name: /Actions for/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Assigned to me' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Client' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Unread' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New message' })).toBeTruthy();
  });
});
