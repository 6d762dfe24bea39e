import type { ConversationDto, MessageDto, ParticipantDto } from '@ledgerport/shared';
import { vi } from 'vitest';
import { jsonResponse } from '@/testing/test-utils';

export const STAFF = { userId: 1, name: 'Ada Lovelace', isStaff: true };
export const OTHER_STAFF = { userId: 2, name: 'Grace Hopper', isStaff: true };
export const CLIENT_USER = { userId: 7, name: 'Batch1 Group1', isStaff: false };

export function participant(
  person: { userId: number; name: string; isStaff: boolean },
  seenAt: string | null = null,
): ParticipantDto {
  return { ...person, seenAt };
}

export function buildConversation(overrides: Partial<ConversationDto> = {}): ConversationDto {
  return {
    id: 5,
    clientId: 10,
    clientName: 'Acme LLC',
    subject: 'Your 2026 return',
    status: 'open',
    assignee: null,
    lastActivityAt: '2026-11-20T10:00:00.000Z',
    lastMessagePreview: 'Could you send the W-2?',
    unreadCount: 0,
    participants: [participant(STAFF), participant(OTHER_STAFF), participant(CLIENT_USER)],
    attachmentServiceId: null,
    version: 'c1',
    ...overrides,
  };
}

export function buildMessage(overrides: Partial<MessageDto> = {}): MessageDto {
  return {
    id: 100,
    conversationId: 5,
    author: { userId: CLIENT_USER.userId, name: CLIENT_USER.name, isStaff: false },
    html: '<p>Could you send the W-2?</p>',
    isInternalNote: false,
    attachments: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    editedAt: null,
    editable: false,
    version: 'm1',
    ...overrides,
  };
}

export interface Call {
  method: string;
  url: string;
  body: unknown;
  headers: Headers;
}

type Handler = (call: Call) => Response | undefined | Promise<Response | undefined>;

/** Every request goes to `handle`; what it leaves unanswered is an empty list. */
export function stubApi(handle: Handler) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
        headers: new Headers(init.headers),
      };
      calls.push(call);
      return (await handle(call)) ?? jsonResponse({ items: [], totalCount: 0 });
    }),
  );
  return calls;
}
