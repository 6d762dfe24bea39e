import { ERROR_CODE, ROLE_NAME, type MessageDto } from '@ledgerport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '@/lib/session';
import { buildSessionUser } from '@/testing/factories';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { ConversationView } from './conversation-view';
import {
  CLIENT_USER,
  OTHER_STAFF,
  STAFF,
  buildConversation,
  buildMessage,
  stubApi,
  type Call,
} from './messages-fixtures';

const CONVERSATION_URL = '/api/v1/document/conversations/5';
const MESSAGES_URL = `${CONVERSATION_URL}/messages`;
const STAFF_PERMISSIONS = ['message:list', 'message:send', 'message:manage', 'message:note'];

function signInAsStaff() {
  startSession({ accessToken: 'token', user: buildSessionUser({ id: STAFF.userId }), permissions: STAFF_PERMISSIONS });
}

function signInAsClient() {
  startSession({
    accessToken: 'token',
    user: buildSessionUser({
      id: CLIENT_USER.userId,
      firstName: 'Batch1',
      lastName: 'Group1',
      roles: [ROLE_NAME.client],
    }),
    permissions: ['message:list', 'message:send'],
  });
}

/** The conversation and its messages as `messages()` holds them; a send appends to them; other changes go to `change`. */
function conversationApi(
  messages: () => MessageDto[],
  change: (call: Call) => Response | undefined | Promise<Response> = () => undefined,
) {
  return stubApi((call) => {
    const { method, url } = call;
    if (method === 'GET' && url === CONVERSATION_URL) return jsonResponse(buildConversation());
    if (method === 'GET' && url.startsWith(MESSAGES_URL)) return jsonResponse({ items: messages(), hasOlder: false });
    if (method === 'PUT' && url === `${CONVERSATION_URL}/read`) {
      return jsonResponse({ conversation: buildConversation(), unreadConversations: 0 });
    }
    return change(call);
  });
}

function renderConversation() {
  renderWithProviders(<ConversationView id={5} listHref="/messages" documentHref={(id) => `/documents/${id}`} />);
  return userEvent.setup();
}

/** The editor loads lazily (Tiptap); with other test files running beside it that can take a while. */
const findEditor = () => screen.findByRole('textbox', { name: 'Message' }, { timeout: 10_000 });

async function typeMessage(user: ReturnType<typeof userEvent.setup>, text: string) {
  const editor = await findEditor();
  await user.click(editor);
  await user.keyboard(text);
  await waitFor(() => expect(editor.textContent).toContain(text));
}

const sends = (calls: Call[]) => calls.filter((call) => call.method === 'POST');

describe('ConversationView', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('marks the conversation read on open and sends a reply with Ctrl+Enter', async () => {
    signInAsStaff();
    let current = [buildMessage()];
    const calls = conversationApi(
      () => current,
      ({ method, url, body }) => {
        if (method !== 'POST' || url !== MESSAGES_URL) return undefined;
        const sent = buildMessage({
          id: 101,
          author: { userId: STAFF.userId, name: STAFF.name, isStaff: true },
          html: (body as { html: string }).html,
          createdAt: new Date().toISOString(),
        });
        current = [...current, sent];
        return jsonResponse(sent);
      },
    );
    const user = renderConversation();

    expect(await screen.findByRole('heading', { level: 1, name: 'Your 2026 return' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Assignee' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close conversation' })).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT' && call.url.endsWith('/read'))).toBe(true));

    await typeMessage(user, 'Here it is');
    await user.keyboard('{Control>}{Enter}{/Control}');

    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    // happy-dom's editing may leave an empty paragraph in front; a browser does not.
    expect(sends(calls)[0]!.body).toEqual({
      html: expect.stringContaining('<p>Here it is</p>'),
      isInternalNote: false,
    });
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(await within(log).findByText('Here it is')).toBeTruthy();
    expect(within(log).queryByText('Internal note — not visible to the client')).toBeNull();
  });

  it('adds an internal note, which shows marked', async () => {
    signInAsStaff();
    let current = [buildMessage()];
    const calls = conversationApi(
      () => current,
      ({ method, body }) => {
        if (method !== 'POST') return undefined;
        const { html, isInternalNote } = body as { html: string; isInternalNote: boolean };
        const sent = buildMessage({
          id: 102,
          author: { userId: STAFF.userId, name: STAFF.name, isStaff: true },
          html,
          isInternalNote,
          createdAt: new Date().toISOString(),
        });
        current = [...current, sent];
        return jsonResponse(sent);
      },
    );
    const user = renderConversation();

    await typeMessage(user, 'Client called about the W-2');
    await user.click(screen.getByRole('switch', { name: /Internal note/ }));
    await user.click(screen.getByRole('button', { name: 'Add note' }));

    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    expect(sends(calls)[0]!.body).toEqual({
      html: expect.stringContaining('<p>Client called about the W-2</p>'),
      isInternalNote: true,
    });
    const note = (await screen.findByText('Client called about the W-2')).closest('article')!;
    expect(within(note as HTMLElement).getByText('Internal note — not visible to the client')).toBeTruthy();
    // The composer is ready for the next message: a note is chosen again each time.
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: /Internal note/ }) as HTMLInputElement).checked).toBe(false),
    );
  });

  it('files attachments under the firm’s default service, offering its tags and checking their rules', async () => {
    signInAsStaff();
    const TAX = 3;
    const calls = stubApi(({ method, url }) => {
      if (method === 'GET' && url === CONVERSATION_URL) {
        return jsonResponse(buildConversation({ attachmentServiceId: TAX }));
      }
      if (method === 'GET' && url.startsWith(MESSAGES_URL))
        return jsonResponse({ items: [buildMessage()], hasOlder: false });
      if (method === 'GET' && url.startsWith('/api/v1/document/clients/10/services')) {
        return jsonResponse([
          { id: 2, name: 'bookkeeping', displayName: 'Bookkeeping', color: '#00897B', departmentId: 1 },
          { id: TAX, name: 'tax', displayName: 'Tax', color: '#3949AB', departmentId: 1 },
        ]);
      }
      if (method === 'GET' && url === '/api/v1/document/documents/tag-groups') {
        return jsonResponse([
          {
            id: 1,
            displayName: 'Document type',
            color: '#3949AB',
            isMainTagGroup: true,
            tags: [{ id: 7, displayName: 'W-2', tagGroupId: 1, servicesItDepends: [TAX], tagGroupsItActivates: [] }],
          },
        ]);
      }
      return undefined;
    });
    const user = renderConversation();
    await typeMessage(user, 'The corrected W-2');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['%PDF-1.4'], 'W-2.pdf', { type: 'application/pdf' }));

    // The default is chosen, so its tags are on offer, as when the sender picks the service.
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'File attachments under' }).value).toBe('Tax'),
    );
    expect(await screen.findByRole('combobox', { name: 'Document type' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Choose a tag in Document type')).toBeTruthy();
    expect(sends(calls)).toHaveLength(0);
  });

  it('takes the next message while one is on its way, and puts a failed one back in front of it', async () => {
    signInAsStaff();
    let answer!: (response: Response) => void;
    const calls = conversationApi(
      () => [buildMessage()],
      ({ method, url }) =>
        method === 'POST' && url === MESSAGES_URL
          ? new Promise<Response>((resolve) => {
              answer = resolve;
            })
          : undefined,
    );
    const user = renderConversation();

    await typeMessage(user, 'First part');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    // The editor is free while the server has not answered.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' }).textContent).toBe(''));
    await typeMessage(user, 'Second part');

    answer(errorResponse(503, ERROR_CODE.internal));
    expect(await screen.findByText('An error occurred. The message could not be sent.')).toBeTruthy();
    await waitFor(() => {
      const text = screen.getByRole('textbox', { name: 'Message' }).textContent ?? '';
      expect(text).toContain('First part');
      expect(text.indexOf('First part')).toBeLessThan(text.indexOf('Second part'));
    });
  });

  it('says the message is required instead of sending an empty one', async () => {
    signInAsStaff();
    const calls = conversationApi(() => [buildMessage()]);
    const user = renderConversation();
    await findEditor();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(sends(calls)).toEqual([]);
  });

  it('edits the author’s own message within the window, with If-Match', async () => {
    signInAsStaff();
    const own = buildMessage({
      id: 103,
      author: { userId: STAFF.userId, name: STAFF.name, isStaff: true },
      html: '<p>See you Monday</p>',
      createdAt: new Date(Date.now() - 2 * 60_000).toISOString(),
      editable: true,
      version: 'v7',
    });
    let current = [buildMessage(), own];
    const calls = conversationApi(
      () => current,
      ({ method, body }) => {
        if (method !== 'PUT') return undefined;
        const edited = {
          ...own,
          html: (body as { html: string }).html,
          editedAt: new Date().toISOString(),
          version: 'v8',
        };
        current = [buildMessage(), edited];
        return jsonResponse(edited);
      },
    );
    const user = renderConversation();

    const article = (await screen.findByText('See you Monday')).closest('article') as HTMLElement;
    // Someone else's message offers no edit.
    expect(screen.getAllByRole('button', { name: 'Edit your message' })).toHaveLength(1);
    await user.click(within(article).getByRole('button', { name: 'Edit your message' }));
    const editor = await within(article).findByRole('textbox', { name: 'Edit your message' }, { timeout: 10_000 });
    await user.click(editor);
    await user.keyboard(' at ten');
    await user.click(within(article).getByRole('button', { name: 'Save' }));

    const edit = await waitFor(() => {
      const found = calls.find((call) => call.method === 'PUT' && call.url === `${MESSAGES_URL}/103`);
      expect(found).toBeTruthy();
      return found!;
    });
    expect(edit.headers.get('If-Match')).toBe('"v7"');
    const html = (edit.body as { html: string }).html;
    expect(html).toContain('See you Monday');
    expect(html).toContain('at ten');
    expect(await within(article).findByText('edited')).toBeTruthy();
    expect(within(article).getByText(/at ten/)).toBeTruthy();
  });

  it('keeps the typed text when the edit meets a newer version (412)', async () => {
    signInAsStaff();
    const own = buildMessage({
      id: 104,
      author: { userId: STAFF.userId, name: STAFF.name, isStaff: true },
      html: '<p>Draft one</p>',
      createdAt: new Date(Date.now() - 60_000).toISOString(),
      editable: true,
      version: 'v1',
    });
    let current = [own];
    conversationApi(
      () => current,
      ({ method }) => {
        if (method !== 'PUT') return undefined;
        current = [{ ...own, html: '<p>Draft two</p>', version: 'v2', editedAt: new Date().toISOString() }];
        return errorResponse(
          412,
          ERROR_CODE.staleVersion,
          {},
          { changedBy: null, changedAt: null, currentVersion: 'v2' },
        );
      },
    );
    const user = renderConversation();

    const article = (await screen.findByText('Draft one')).closest('article') as HTMLElement;
    await user.click(within(article).getByRole('button', { name: 'Edit your message' }));
    const editor = await within(article).findByRole('textbox', { name: 'Edit your message' }, { timeout: 10_000 });
    await user.click(editor);
    await user.keyboard(', mine');
    await user.click(within(article).getByRole('button', { name: 'Save' }));

    expect(await within(article).findByText('This message was changed after you opened it')).toBeTruthy();
    const typed = within(article).getByRole('textbox', { name: 'Edit your message' }).textContent;
    expect(typed).toContain('Draft one');
    expect(typed).toContain(', mine');
    expect(within(article).getByRole('button', { name: 'Save mine over it' })).toBeTruthy();
  });

  it('never offers a client user the internal-note switch', async () => {
    signInAsClient();
    conversationApi(() => [buildMessage()]);
    renderConversation();

    await findEditor();
    expect(screen.queryByRole('switch', { name: /Internal note/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    // Nor the staff's controls.
    expect(screen.queryByRole('button', { name: 'Close conversation' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Assignee' })).toBeNull();
  });

  it('marks whose side wrote each message that is not the reader’s own', async () => {
    signInAsStaff();
    conversationApi(() => [
      buildMessage({ id: 100 }),
      buildMessage({ id: 101, author: { ...OTHER_STAFF }, html: '<p>We have it.</p>' }),
    ]);
    renderConversation();

    const clientMessage = (await screen.findByText('Could you send the W-2?')).closest('article')!;
    expect(within(clientMessage as HTMLElement).getByText('Client')).toBeTruthy();
    // A colleague's message needs no mark for staff.
    const colleagues = screen.getByText('We have it.').closest('article')!;
    expect(within(colleagues as HTMLElement).queryByText('Firm')).toBeNull();
    expect(within(colleagues as HTMLElement).queryByText('Client')).toBeNull();
  });

  it('shows who has seen the newest message', async () => {
    signInAsStaff();
    stubApi(({ method, url }) => {
      if (method === 'GET' && url === CONVERSATION_URL) {
        return jsonResponse(
          buildConversation({
            participants: [
              { ...STAFF, seenAt: '2026-11-20T11:00:00.000Z' },
              { userId: 2, name: 'Grace Hopper', isStaff: true, seenAt: '2026-11-20T11:00:00.000Z' },
              { userId: 3, name: 'Alan Turing', isStaff: true, seenAt: '2026-11-19T11:00:00.000Z' },
              { ...CLIENT_USER, seenAt: '2026-11-20T11:00:00.000Z' },
            ],
          }),
        );
      }
      if (method === 'GET' && url.startsWith(MESSAGES_URL)) {
        return jsonResponse({
          items: [buildMessage({ author: { userId: STAFF.userId, name: STAFF.name, isStaff: true } })],
          hasOlder: false,
        });
      }
      if (method === 'PUT') return jsonResponse({ conversation: buildConversation(), unreadConversations: 0 });
      return undefined;
    });
    renderConversation();
    expect(await screen.findByText('Seen by Grace Hopper, Batch1 Group1')).toBeTruthy();
  });
});
