import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import {
  CONVERSATION_STATUS,
  MESSAGE_ERROR,
  type ConversationDto,
  type ConversationPageDto,
  type MessageDto,
  type MessagePageDto,
} from '@ledgerport/shared';
import {
  auditEvents,
  clientCollaboratorServices,
  clients,
  clientServices,
  conversationMessageAttachments,
  conversationMessages,
  conversations,
  documents,
  firmSettings,
  jobs,
  notifications,
  rolePermissions,
  roles,
  services,
  userRoles,
} from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createJobQueue } from '../../../lib/jobs/job-queue.js';
import { fieldCryptoOf } from '../../../testing/clients-factories.js';
import { pdfBytes } from '../../../testing/documents-factories.js';
import { chooseCurrentClient, createClient, createUser } from '../../../testing/factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { multipartBody, otherDocumentsTagId } from '../../documents/__tests__/multipart.js';
import { scheduleSubjectEncryption } from '../subject-encryption.js';

const BASE = '/api/v1/document/conversations';
const SSN = '123-45-6789';

let t: TestApp;
let admin: SignedIn;
let advisor: SignedIn;
let employee: SignedIn;
let tax: number;
let bookkeeping: number;
let otherDocuments: number;

type Method = 'GET' | 'POST' | 'PUT';

const SETTINGS = '/api/v1/identity/settings';

function call(session: SignedIn, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, headers: { ...bearer(session), ...headers }, ...(payload ? { payload } : {}) });
}

async function serviceId(name: string): Promise<number> {
  const [row] = await t.database.db.select({ id: services.id }).from(services).where(eq(services.name, name));
  return row!.id;
}

/** A client using Tax and Bookkeeping, its owner and a collaborator granted Bookkeeping only, both acting for it. */
async function clientWithPeople(name?: string) {
  const db = t.database.db;
  const owner = await createUser(db, { role: 'client' });
  const collaborator = await createUser(db, { role: 'client' });
  const client = await createClient(db, { ownerUserId: owner.id, collaboratorUserIds: [collaborator.id], name });
  await db.insert(clientServices).values([
    { clientId: client.id, serviceId: tax },
    { clientId: client.id, serviceId: bookkeeping },
  ]);
  await db
    .insert(clientCollaboratorServices)
    .values({ clientId: client.id, userId: collaborator.id, serviceId: bookkeeping });
  for (const user of [owner, collaborator]) {
    await chooseCurrentClient(db, user.id, client.id);
  }
  return {
    clientId: client.id,
    owner: await signIn(t.app, owner.username, owner.password),
    collaborator: await signIn(t.app, collaborator.username, collaborator.password),
  };
}

async function start(session: SignedIn, body: object): Promise<ConversationDto> {
  const response = await call(session, 'POST', BASE, { subject: 'Question about my return', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function send(session: SignedIn, id: number, html: string, isInternalNote = false): Promise<MessageDto> {
  const response = await call(session, 'POST', `${BASE}/${id}/messages`, { html, isInternalNote });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function page(session: SignedIn, id: number): Promise<MessagePageDto> {
  const response = await call(session, 'GET', `${BASE}/${id}/messages`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function inbox(session: SignedIn, query = ''): Promise<ConversationPageDto> {
  const response = await call(session, 'GET', `${BASE}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function multipart(session: SignedIn, id: number, parts: Parameters<typeof multipartBody>[0]) {
  const { payload, headers } = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: `${BASE}/${id}/messages`,
    payload,
    headers: { ...headers, ...bearer(session) },
  });
}

async function setDefaultService(id: number | null) {
  await t.database.db
    .insert(firmSettings)
    .values({ id: 1, messagesServiceId: id })
    .onConflictDoUpdate({ target: firmSettings.id, set: { messagesServiceId: id } });
}

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  await seedDemoFirm(t.database.db);
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  advisor = await signIn(t.app, 'b1g1_advisor@gmail.com', 'Group1');
  employee = await signIn(t.app, 'b1g1_employee@gmail.com', 'Group1');
  tax = await serviceId('tax');
  bookkeeping = await serviceId('bookkeeping');
  otherDocuments = await otherDocumentsTagId(t.database.db);
});
afterAll(() => t.close());

describe('a conversation', () => {
  it('is started by a client user and answered by the firm; the text is sanitised and encrypted at rest', async () => {
    const { clientId, owner, collaborator } = await clientWithPeople();
    const conversation = await start(owner, {
      html: `<p>My SSN is ${SSN} <script>alert(1)</script><strong>thanks</strong></p>`,
    });
    expect(conversation).toMatchObject({
      clientId,
      subject: 'Question about my return',
      status: CONVERSATION_STATUS.open,
      assignee: null,
      unreadCount: 0,
      lastMessagePreview: `My SSN is ${SSN} thanks`,
    });
    expect(conversation.participants.map((p) => [p.userId, p.isStaff])).toEqual([[owner.userId, false]]);

    const reply = await send(advisor, conversation.id, '<p>Thanks, we have it.</p>');
    expect(reply).toMatchObject({ author: { userId: advisor.userId, isStaff: true }, isInternalNote: false });
    const seen = await page(collaborator, conversation.id);
    expect(seen.items.map((m) => m.html)).toEqual([
      `<p>My SSN is ${SSN} <strong>thanks</strong></p>`,
      '<p>Thanks, we have it.</p>',
    ]);
    expect(seen.hasOlder).toBe(false);

    // At rest: ciphertext that decrypts to the text, never the text.
    const stored = await t.database.db
      .select({ html: conversationMessages.htmlEncrypted })
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversation.id));
    for (const row of stored) {
      expect(row.html).toMatch(/^v1\./);
      expect(row.html).not.toContain('SSN');
      expect(row.html).not.toContain('6789');
    }
    expect(fieldCryptoOf(t).decrypt(stored[0]!.html)).toContain(SSN);
    const trail = await t.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.objectType, 'conversation'), eq(auditEvents.objectId, String(conversation.id))));
    expect(trail).toHaveLength(2);
    expect(JSON.stringify(trail)).not.toContain('6789');
  });

  it('refuses bad input with a clear 4xx and writes nothing', async () => {
    const { clientId, owner } = await clientWithPeople();
    const other = await clientWithPeople();
    const before = await inbox(admin, `?clientId=${clientId}`);
    expect((await call(owner, 'POST', BASE, { subject: 'x', html: '<p> </p>' })).statusCode).toBe(400);
    const scriptOnly = await call(owner, 'POST', BASE, { subject: 'x', html: '<script>alert(1)</script>' });
    expect(scriptOnly.statusCode).toBe(400);
    expect(scriptOnly.json().error.code).toBe(MESSAGE_ERROR.emptyText);
    // A client user naming another client: outside their scope.
    expect(
      (await call(owner, 'POST', BASE, { clientId: other.clientId, subject: 'x', html: '<p>x</p>' })).statusCode,
    ).toBe(404);
    expect((await call(admin, 'POST', BASE, { subject: 'x', html: '<p>x</p>' })).statusCode).toBe(400);
    expect((await call(admin, 'POST', BASE, { clientId: 999_999, subject: 'x', html: '<p>x</p>' })).statusCode).toBe(
      404,
    );
    expect((await inbox(admin, `?clientId=${clientId}`)).totalCount).toBe(before.totalCount);
  });
});

describe('subjects at rest', () => {
  it('stored in clear before they were encrypted are still shown, and the start-up job encrypts them', async () => {
    const { clientId, owner } = await clientWithPeople();
    const [legacy] = await t.database.db
      .insert(conversations)
      .values({ clientId, subject: 'Old subject in clear', createdByUserId: owner.userId })
      .returning({ id: conversations.id });
    await t.database.db.insert(conversationMessages).values({
      conversationId: legacy!.id,
      authorUserId: owner.userId,
      htmlEncrypted: fieldCryptoOf(t).encrypt('<p>From before</p>'),
      searchVector: sql`to_tsvector('english', 'before')`,
    });
    const shown = async () => ((await call(owner, 'GET', `${BASE}/${legacy!.id}`)).json() as ConversationDto).subject;
    expect(await shown()).toBe('Old subject in clear');

    await scheduleSubjectEncryption(createJobQueue({ db: t.database.db }), { immediately: true });
    await t.app.worker.drain();
    const [row] = await t.database.db
      .select({ subject: conversations.subject, subjectEncrypted: conversations.subjectEncrypted })
      .from(conversations)
      .where(eq(conversations.id, legacy!.id));
    expect(row!.subject).toBe('');
    expect(fieldCryptoOf(t).decrypt(row!.subjectEncrypted!)).toBe('Old subject in clear');
    expect(await shown()).toBe('Old subject in clear');
    const [left] = await t.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(conversations)
      .where(and(isNotNull(conversations.subject), sql`${conversations.subject} <> ''`));
    expect(left!.n).toBe(0);
    // The run queued the next hour's, so subjects written in clear later (a process of the previous
    // version during a rolling deploy) are encrypted too.
    const [next] = await t.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(jobs)
      .where(and(eq(jobs.type, 'messages.encrypt-subjects'), sql`${jobs.runAt} > now()`));
    expect(next!.n).toBeGreaterThanOrEqual(1);
  });
});

describe('retries', () => {
  it('with the same Idempotency-Key start one conversation and send one message', async () => {
    const { owner } = await clientWithPeople();
    const key = { 'idempotency-key': `start-${Date.now()}` };
    const body = { subject: 'Sent twice', html: '<p>Once only</p>' };
    const [first, again] = [await call(owner, 'POST', BASE, body, key), await call(owner, 'POST', BASE, body, key)];
    expect(first.statusCode, first.body).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    const reply = { 'idempotency-key': `reply-${Date.now()}` };
    const url = `${BASE}/${first.json().id}/messages`;
    await call(advisor, 'POST', url, { html: '<p>Got it</p>' }, reply);
    await call(advisor, 'POST', url, { html: '<p>Got it</p>' }, reply);
    expect((await inbox(owner)).totalCount).toBe(1);
    expect((await page(owner, first.json().id)).items).toHaveLength(2);
  });
});

describe('the inbox', () => {
  it('filters by assignee, unread, client and status, newest activity first', async () => {
    const a = await clientWithPeople();
    const b = await clientWithPeople();
    const first = await start(a.owner, { html: '<p>First</p>' });
    const second = await start(b.owner, { html: '<p>Second</p>' });
    const third = await start(admin, { clientId: a.clientId, html: '<p>Third, from the firm</p>' });
    const ids = (list: ConversationPageDto) =>
      list.items.map((item) => item.id).filter((id) => [first.id, second.id, third.id].includes(id));

    expect(ids(await inbox(advisor))).toEqual([third.id, second.id, first.id]);
    // A reply moves a conversation to the top.
    await send(a.owner, first.id, '<p>Anyone there?</p>');
    expect(ids(await inbox(advisor))).toEqual([first.id, third.id, second.id]);
    expect(ids(await inbox(advisor, `?clientId=${a.clientId}`))).toEqual([first.id, third.id]);

    const assigned = await call(admin, 'PUT', `${BASE}/${second.id}`, { assigneeUserId: advisor.userId });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().assignee).toMatchObject({ userId: advisor.userId });
    expect(ids(await inbox(advisor, '?assigned=me'))).toEqual([second.id]);
    expect(ids(await inbox(advisor, '?assigned=unassigned'))).toEqual([first.id, third.id]);

    // The advisor has read none; the admin wrote the third and read nothing else.
    expect(ids(await inbox(advisor, '?unread=true'))).toEqual([first.id, third.id, second.id]);
    expect(ids(await inbox(admin, '?unread=true'))).toEqual([first.id, second.id]);
    expect(ids(await inbox(admin, '?unread=false'))).toEqual([third.id]);

    const closed = await call(admin, 'PUT', `${BASE}/${first.id}`, { status: 'closed' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(ids(await inbox(advisor, '?status=closed'))).toEqual([first.id]);
    expect(ids(await inbox(advisor, '?status=open'))).toEqual([third.id, second.id]);

    // A client user's inbox is their current client's, whatever the filter names.
    expect(ids(await inbox(a.owner))).toEqual([first.id, third.id]);
    expect(ids(await inbox(a.owner, `?clientId=${b.clientId}`))).toEqual([]);
  });

  it('counts unread messages per person, and a read mark gives the receipts', async () => {
    const { owner, collaborator } = await clientWithPeople();
    const conversation = await start(owner, { html: '<p>Hello</p>' });
    await send(advisor, conversation.id, '<p>Hi</p>');
    await send(advisor, conversation.id, '<p>How can we help?</p>');
    const countOf = async (session: SignedIn) =>
      (await call(session, 'GET', `${BASE}/${conversation.id}`)).json().unreadCount as number;
    expect(await countOf(owner)).toBe(2);
    expect(await countOf(collaborator)).toBe(3);
    expect(await countOf(advisor)).toBe(0);
    expect(await countOf(employee)).toBe(3);
    // The inbox's count of conversations with something unread, and its filter, say the same.
    const unreadIds = async (session: SignedIn) => (await inbox(session, '?unread=true')).items.map((c) => c.id);
    expect((await inbox(owner)).unreadConversations).toBe(1);
    expect(await unreadIds(owner)).toEqual([conversation.id]);
    expect(await unreadIds(advisor)).not.toContain(conversation.id);
    expect(await unreadIds(employee)).toContain(conversation.id);

    const read = await call(owner, 'PUT', `${BASE}/${conversation.id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().conversation.unreadCount).toBe(0);
    expect(await countOf(owner)).toBe(0);
    const receipts = (await call(advisor, 'GET', `${BASE}/${conversation.id}`)).json() as ConversationDto;
    const ownerReceipt = receipts.participants.find((p) => p.userId === owner.userId);
    expect(ownerReceipt?.seenAt).not.toBeNull();
    expect(receipts.participants.find((p) => p.userId === advisor.userId)).toMatchObject({ isStaff: true });
    expect((await inbox(owner)).unreadConversations).toBe(0);
    expect(await unreadIds(owner)).toEqual([]);
    await send(advisor, conversation.id, '<p>One more</p>');
    expect(await countOf(owner)).toBe(1);
    expect((await inbox(owner)).unreadConversations).toBe(1);
    // Replying reads the conversation: what the owner answered is no longer waiting for them.
    await send(owner, conversation.id, '<p>Thanks</p>');
    expect(await countOf(owner)).toBe(0);
    expect((await inbox(owner)).unreadConversations).toBe(0);
    expect(await unreadIds(advisor)).toContain(conversation.id);
  });
});

describe('internal notes', () => {
  it('are the firm’s alone on every route: list, preview, messages, search, unread counts and receipts', async () => {
    const { clientId, owner } = await clientWithPeople();
    const conversation = await start(owner, { html: '<p>Please check my quarterly estimate</p>' });
    await send(owner, conversation.id, '<p>Hello again</p>');
    await call(owner, 'PUT', `${BASE}/${conversation.id}/read`);
    const note = await send(employee, conversation.id, '<p>Confidential zebra remark about the estimate</p>', true);
    expect(note.isInternalNote).toBe(true);

    // The firm sees it.
    expect((await page(advisor, conversation.id)).items.map((m) => m.id)).toContain(note.id);
    const firmView = (await call(advisor, 'GET', `${BASE}/${conversation.id}`)).json() as ConversationDto;
    expect(firmView.lastMessagePreview).toContain('zebra');
    expect((await call(advisor, 'GET', `${BASE}/search?q=zebra`)).json().totalCount).toBe(1);

    // The client's side sees nothing of it.
    const clientView = (await call(owner, 'GET', `${BASE}/${conversation.id}`)).json() as ConversationDto;
    expect(clientView.lastMessagePreview).toBe('Hello again');
    expect(clientView.unreadCount).toBe(0);
    // The employee read the conversation (as its receipts may say), but wrote nothing the client sees.
    expect(JSON.stringify(clientView)).not.toContain('zebra');
    const listed = (await inbox(owner, `?clientId=${clientId}`)).items.find((c) => c.id === conversation.id)!;
    expect(listed).toMatchObject({ lastMessagePreview: 'Hello again', unreadCount: 0 });
    expect(JSON.stringify(await page(owner, conversation.id))).not.toContain('zebra');
    expect((await call(owner, 'GET', `${BASE}/search?q=zebra`)).json()).toEqual({ items: [], totalCount: 0 });
    expect((await inbox(owner, '?unread=true')).items.map((c) => c.id)).not.toContain(conversation.id);
    const edit = await call(owner, 'PUT', `${BASE}/${conversation.id}/messages/${note.id}`, { html: '<p>x</p>' });
    expect(edit.statusCode).toBe(404);

    // A client user cannot write one, and nothing is written.
    const attempt = await call(owner, 'POST', `${BASE}/${conversation.id}/messages`, {
      html: '<p>Secret</p>',
      isInternalNote: true,
    });
    expect(attempt.statusCode).toBe(403);
    expect(attempt.json().error.code).toBe(MESSAGE_ERROR.internalNoteNotAllowed);
    expect((await page(advisor, conversation.id)).items).toHaveLength(3);
  });
});

describe('read receipts and internal notes', () => {
  it('tell a client when the firm saw up to their message, never when a staff member wrote or read a note', async () => {
    const { owner } = await clientWithPeople();
    const conversation = await start(owner, { html: '<p>Did you get my W-2?</p>' });
    const [question] = (await page(owner, conversation.id)).items;
    // Later, the employee adds a note (which marks the conversation read for them).
    await t.database.db
      .update(conversationMessages)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(eq(conversationMessages.id, question!.id));
    const questionAt = (await page(owner, conversation.id)).items[0]!.createdAt;
    const versionOf = async (session: SignedIn) =>
      ((await call(session, 'GET', `${BASE}/${conversation.id}`)).json() as ConversationDto).version;
    const [clientVersion, firmVersion] = [await versionOf(owner), await versionOf(advisor)];
    await send(employee, conversation.id, '<p>Waiting for the corrected one</p>', true);
    // The version a client's people see does not move with a note either; the firm's does.
    expect(await versionOf(owner)).toBe(clientVersion);
    expect(await versionOf(advisor)).not.toBe(firmVersion);

    const receiptOf = (view: ConversationDto) => view.participants.find((p) => p.userId === employee.userId);
    const clientView = (await call(owner, 'GET', `${BASE}/${conversation.id}`)).json() as ConversationDto;
    // Seen up to the question: the time the question was written, not the note's.
    expect(receiptOf(clientView)?.seenAt).toBe(questionAt);
    const listed = (await inbox(owner)).items.find((c) => c.id === conversation.id)!;
    expect(receiptOf(listed)?.seenAt).toBe(questionAt);
    // The firm sees when it really happened.
    const firmView = (await call(advisor, 'GET', `${BASE}/${conversation.id}`)).json() as ConversationDto;
    expect(new Date(receiptOf(firmView)!.seenAt!).getTime()).toBeGreaterThan(
      new Date(questionAt).getTime() + 3_600_000,
    );
  });
});

describe('scope', () => {
  it('answers 404 on every route for another client’s conversation, as for one that does not exist', async () => {
    const a = await clientWithPeople();
    const b = await clientWithPeople();
    const conversation = await start(a.owner, { html: '<p>Only for A</p>' });
    const message = (await page(a.owner, conversation.id)).items[0]!;
    for (const id of [conversation.id, 2_000_000_000]) {
      const calls: Array<[Method, string, object?]> = [
        ['GET', `${BASE}/${id}`],
        ['GET', `${BASE}/${id}/messages`],
        ['POST', `${BASE}/${id}/messages`, { html: '<p>Intruder</p>' }],
        ['PUT', `${BASE}/${id}/messages/${message.id}`, { html: '<p>Intruder</p>' }],
        ['PUT', `${BASE}/${id}/read`],
      ];
      for (const [method, url, body] of calls) {
        const response = await call(b.owner, method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.body).not.toContain('Only for A');
      }
    }
    expect((await inbox(b.owner)).items.map((c) => c.id)).not.toContain(conversation.id);
    expect((await call(b.owner, 'GET', `${BASE}/search?q=only`)).json().totalCount).toBe(0);
    expect((await page(a.owner, conversation.id)).items).toHaveLength(1);
  });
});

describe('editing', () => {
  it('is the author’s, within the window, with If-Match; the earlier text stays in the audit log, encrypted', async () => {
    const { owner } = await clientWithPeople();
    const conversation = await start(owner, { html: '<p>Original wording</p>' });
    const [message] = (await page(owner, conversation.id)).items;
    expect(message!.editable).toBe(true);
    const url = `${BASE}/${conversation.id}/messages/${message!.id}`;

    const byOther = await call(advisor, 'PUT', url, { html: '<p>Not mine</p>' });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().error.code).toBe(MESSAGE_ERROR.notAuthor);

    const edited = await call(
      owner,
      'PUT',
      url,
      { html: '<p>Better wording</p>' },
      { 'if-match': `"${message!.version}"` },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ html: '<p>Better wording</p>', editedAt: expect.any(String) });
    expect(edited.headers.etag).toBe(`"${edited.json().version}"`);

    const stale = await call(
      owner,
      'PUT',
      url,
      { html: '<p>From a stale tab</p>' },
      { 'if-match': `"${message!.version}"` },
    );
    expect(stale.statusCode).toBe(412);
    expect((await page(owner, conversation.id)).items[0]!.html).toBe('<p>Better wording</p>');

    const [event] = await t.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'conversation.message.edited'), eq(auditEvents.objectId, String(message!.id))));
    const details = event!.details as { earlierHtmlEncrypted: string };
    expect(details.earlierHtmlEncrypted).not.toContain('Original');
    expect(fieldCryptoOf(t).decrypt(details.earlierHtmlEncrypted)).toBe('<p>Original wording</p>');

    // Past the window.
    await t.database.db
      .update(conversationMessages)
      .set({ createdAt: sql`now() - interval '16 minutes'` })
      .where(eq(conversationMessages.id, message!.id));
    const late = await call(owner, 'PUT', url, { html: '<p>Too late</p>' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe(MESSAGE_ERROR.editWindowClosed);
    expect((await page(owner, conversation.id)).items[0]).toMatchObject({
      html: '<p>Better wording</p>',
      editable: false,
    });
  });
});

describe('status and assignee', () => {
  it('are the firm’s to change; a client’s message reopens a closed conversation', async () => {
    const { owner } = await clientWithPeople();
    const conversation = await start(owner, { html: '<p>Hello</p>' });
    expect((await call(owner, 'PUT', `${BASE}/${conversation.id}`, { status: 'closed' })).statusCode).toBe(403);

    const current = await call(advisor, 'GET', `${BASE}/${conversation.id}`);
    const closed = await call(
      advisor,
      'PUT',
      `${BASE}/${conversation.id}`,
      { status: 'closed' },
      { 'if-match': current.headers.etag as string },
    );
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().status).toBe('closed');
    const stale = await call(
      admin,
      'PUT',
      `${BASE}/${conversation.id}`,
      { status: 'open' },
      { 'if-match': current.headers.etag as string },
    );
    expect(stale.statusCode).toBe(412);

    // A staff reply leaves it closed; the client's reopens it.
    await send(advisor, conversation.id, '<p>Closing note to the client</p>');
    expect((await call(advisor, 'GET', `${BASE}/${conversation.id}`)).json().status).toBe('closed');
    await send(owner, conversation.id, '<p>One more question</p>');
    expect((await call(advisor, 'GET', `${BASE}/${conversation.id}`)).json().status).toBe('open');

    // Assignees are active staff who read messages.
    for (const assigneeUserId of [owner.userId, 999_999]) {
      const refused = await call(admin, 'PUT', `${BASE}/${conversation.id}`, { assigneeUserId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe(MESSAGE_ERROR.assigneeNotStaff);
    }
    const unassigned = await call(admin, 'PUT', `${BASE}/${conversation.id}`, { assigneeUserId: null });
    expect(unassigned.json().assignee).toBeNull();
  });
});

describe('one message to many clients', () => {
  it('starts one conversation per client, all or none', async () => {
    const a = await clientWithPeople();
    const b = await clientWithPeople();
    const body = { subject: 'New office hours', html: '<p>We open at 8 from Monday.</p>' };
    const unknown = await call(admin, 'POST', `${BASE}/bulk`, { ...body, clientIds: [a.clientId, 999_999] });
    expect(unknown.statusCode).toBe(404);
    expect((await inbox(a.owner)).totalCount).toBe(0);
    // The employee holds no message:bulk.
    expect((await call(employee, 'POST', `${BASE}/bulk`, { ...body, clientIds: [a.clientId] })).statusCode).toBe(403);

    const sent = await call(admin, 'POST', `${BASE}/bulk`, {
      ...body,
      clientIds: [a.clientId, b.clientId, a.clientId],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toEqual({ started: 2 });
    for (const side of [a, b]) {
      const list = await inbox(side.owner);
      expect(list.items.map((c) => [c.subject, c.unreadCount])).toEqual([['New office hours', 1]]);
    }
  });
});

describe('attachments', () => {
  it('become ordinary documents of the client, filed by the side that sent them', async () => {
    const { clientId, owner } = await clientWithPeople();
    const conversation = await start(owner, { html: '<p>My W-2 is attached</p>' });
    await setDefaultService(null);
    const noService = await multipart(owner, conversation.id, [
      { name: 'Html', value: '<p>Here it is</p>' },
      { name: 'Files', fileName: 'w2.pdf', content: pdfBytes('w2') },
    ]);
    expect(noService.statusCode, noService.body).toBe(400);
    expect(noService.json().error.code, noService.body).toBe(MESSAGE_ERROR.noAttachmentService);

    const sent = await multipart(owner, conversation.id, [
      { name: 'Html', value: '<p>Here it is</p>' },
      { name: 'ServiceId', value: String(tax) },
      { name: 'Tags', value: String(otherDocuments) },
      { name: 'Files', fileName: 'w2.pdf', content: pdfBytes('w2') },
      { name: 'Files', fileName: '1099.pdf', content: pdfBytes('1099') },
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    const message = sent.json() as MessageDto;
    expect(message.attachments.map((a) => a.name)).toEqual(['w2', '1099']);
    const filed = await t.database.db
      .select({
        clientId: documents.clientId,
        serviceId: documents.serviceId,
        uploadedByClientSide: documents.uploadedByClientSide,
      })
      .from(documents)
      .innerJoin(conversationMessageAttachments, eq(conversationMessageAttachments.documentId, documents.id))
      .where(eq(conversationMessageAttachments.messageId, message.id));
    expect(filed).toEqual([
      { clientId, serviceId: tax, uploadedByClientSide: true },
      { clientId, serviceId: tax, uploadedByClientSide: true },
    ]);
    // They are the client's documents like any other: on the firm's Received docs.
    const received = await call(advisor, 'GET', `/api/v1/document/documents/received?clientId=${clientId}`);
    expect(received.json().totalCount).toBe(2);

    // The firm's default service; a staff attachment is the client's "Received".
    await setDefaultService(tax);
    const fromFirm = await multipart(advisor, conversation.id, [
      { name: 'Html', value: '<p>Your return</p>' },
      { name: 'Tags', value: String(otherDocuments) },
      { name: 'Files', fileName: 'return.pdf', content: pdfBytes('return') },
    ]);
    expect(fromFirm.statusCode, fromFirm.body).toBe(201);
    const [firmDocument] = await t.database.db
      .select({ serviceId: documents.serviceId, uploadedByClientSide: documents.uploadedByClientSide })
      .from(documents)
      .where(eq(documents.id, (fromFirm.json() as MessageDto).attachments[0]!.documentId));
    expect(firmDocument).toEqual({ serviceId: tax, uploadedByClientSide: false });
  });

  it('go under the default service an administrator names in the firm settings, which must be active', async () => {
    const { owner } = await clientWithPeople();
    const conversation = await start(owner, { html: '<p>Statements follow</p>' });
    const { version: _version, ...settings } = (await call(admin, 'GET', SETTINGS)).json();
    const [inactive] = await t.database.db
      .insert(services)
      .values({
        name: `retired-${Date.now()}`,
        displayName: `Retired ${Date.now()}`,
        departmentId: (await t.database.db.select({ departmentId: services.departmentId }).from(services))[0]!
          .departmentId,
        isActive: false,
      })
      .returning({ id: services.id });
    const refused = await call(admin, 'PUT', SETTINGS, { ...settings, messagesServiceId: inactive!.id });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.details).toEqual([expect.objectContaining({ field: 'messagesServiceId' })]);
    // Only setting:edit names it.
    expect((await call(advisor, 'PUT', SETTINGS, { ...settings, messagesServiceId: tax })).statusCode).toBe(403);

    const saved = await call(admin, 'PUT', SETTINGS, { ...settings, messagesServiceId: tax });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().messagesServiceId).toBe(tax);
    // Both sides' composers learn it with the conversation, to offer its tags.
    for (const session of [owner, advisor]) {
      const details = (await call(session, 'GET', `${BASE}/${conversation.id}`)).json() as ConversationDto;
      expect(details.attachmentServiceId).toBe(tax);
    }
    const sent = await multipart(owner, conversation.id, [
      { name: 'Html', value: '<p>March statement</p>' },
      { name: 'Tags', value: String(otherDocuments) },
      { name: 'Files', fileName: 'march.pdf', content: pdfBytes('march') },
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    const [filed] = await t.database.db
      .select({ serviceId: documents.serviceId })
      .from(documents)
      .where(eq(documents.id, (sent.json() as MessageDto).attachments[0]!.documentId));
    expect(filed).toEqual({ serviceId: tax });
  });

  it('are refused on an internal note, whose files the client could open among their documents', async () => {
    const { clientId, owner } = await clientWithPeople();
    const conversation = await start(owner, { html: '<p>Question about my return</p>' });
    const note = await multipart(advisor, conversation.id, [
      { name: 'Html', value: '<p>Our working papers</p>' },
      { name: 'IsInternalNote', value: 'true' },
      { name: 'ServiceId', value: String(tax) },
      { name: 'Tags', value: String(otherDocuments) },
      { name: 'Files', fileName: 'working-papers.pdf', content: pdfBytes('papers') },
    ]);
    expect(note.statusCode, note.body).toBe(400);
    expect(note.json().error.code).toBe(MESSAGE_ERROR.noteWithFiles);
    const stored = await t.database.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.clientId, clientId));
    expect(stored).toEqual([]);
  });

  it('need the upload permission: a role that may send messages but not upload sends text only', async () => {
    const db = t.database.db;
    const { owner } = await clientWithPeople();
    const conversation = await start(owner, { html: '<p>Anything to send?</p>' });
    const [role] = await db
      .insert(roles)
      .values({ name: 'messages-only', displayName: 'Messages only' })
      .returning({ id: roles.id });
    await db
      .insert(rolePermissions)
      .values(['client:list', 'message:list', 'message:send'].map((permission) => ({ roleId: role!.id, permission })));
    const before = await db.select().from(userRoles).where(eq(userRoles.userId, employee.userId));
    await db.delete(userRoles).where(eq(userRoles.userId, employee.userId));
    await db.insert(userRoles).values({ userId: employee.userId, roleId: role!.id });
    try {
      const withFile = await multipart(employee, conversation.id, [
        { name: 'Html', value: '<p>Your copy</p>' },
        { name: 'ServiceId', value: String(tax) },
        { name: 'Tags', value: String(otherDocuments) },
        { name: 'Files', fileName: 'copy.pdf', content: pdfBytes('copy') },
      ]);
      expect(withFile.statusCode, withFile.body).toBe(403);
      const textOnly = await multipart(employee, conversation.id, [{ name: 'Html', value: '<p>No file today</p>' }]);
      expect(textOnly.statusCode, textOnly.body).toBe(201);
    } finally {
      await db.delete(userRoles).where(eq(userRoles.userId, employee.userId));
      await db.insert(userRoles).values(before);
      await db.delete(roles).where(eq(roles.id, role!.id));
    }
  });

  it('refuses the whole message when one file is refused, and stores nothing', async () => {
    const { clientId, owner } = await clientWithPeople();
    const conversation = await start(owner, { html: '<p>Files follow</p>' });
    const before = await t.database.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.clientId, clientId));
    const refused = await multipart(owner, conversation.id, [
      { name: 'Html', value: '<p>Two files</p>' },
      { name: 'ServiceId', value: String(tax) },
      { name: 'Tags', value: String(otherDocuments) },
      { name: 'Files', fileName: 'good.pdf', content: pdfBytes('good') },
      { name: 'Files', fileName: 'evil.exe', content: Buffer.from('MZ\x90\x00 not a document') },
    ]);
    expect(refused.statusCode, refused.body).toBe(415);
    const after = await t.database.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.clientId, clientId));
    expect(after).toEqual(before);
    expect((await page(owner, conversation.id)).items).toHaveLength(1);
  });
});

describe('search', () => {
  it('finds words of the messages the caller may see, never the digits of an SSN, card or account', async () => {
    const { owner } = await clientWithPeople();
    const conversation = await start(owner, {
      subject: 'Mortgage interest statement',
      html: `<p>My social is ${SSN}, card 4111 1111 1111 1111, account 000123456789. The lender sent a corrected form.</p>`,
    });
    const found = await call(advisor, 'GET', `${BASE}/search?q=${encodeURIComponent('corrected lender')}`);
    expect(found.statusCode, found.body).toBe(200);
    const hits = found.json().items.filter((hit: { conversationId: number }) => hit.conversationId === conversation.id);
    expect(hits).toHaveLength(1);
    expect(hits[0].snippet).toContain('«lender»');
    expect(hits[0].snippet).toContain('«corrected»');
    expect((await call(advisor, 'GET', `${BASE}/search?q=mortgage`)).json().totalCount).toBeGreaterThan(0);

    for (const q of [SSN, '123456789', '6789', '4111', '000123456789']) {
      const response = await call(advisor, 'GET', `${BASE}/search?q=${encodeURIComponent(q)}`);
      expect(response.json().totalCount, q).toBe(0);
    }
    const [vector] = await t.database.db
      .select({ text: sql<string>`array_to_string(tsvector_to_array(${conversationMessages.searchVector}), ' ')` })
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversation.id));
    expect(vector!.text).toContain('lender');
    expect(vector!.text).not.toMatch(/\d/);
    // The subject is encrypted at rest like the text, and still read back whole.
    const [conversationRow] = await t.database.db
      .select({ subject: conversations.subject, subjectEncrypted: conversations.subjectEncrypted })
      .from(conversations)
      .where(eq(conversations.id, conversation.id));
    expect(conversationRow!.subject).toBe('');
    expect(conversationRow!.subjectEncrypted).not.toContain('Mortgage');
    expect(fieldCryptoOf(t).decrypt(conversationRow!.subjectEncrypted!)).toBe('Mortgage interest statement');
  });

  it('keeps no digit of an SSN in the index, however its groups are separated', async () => {
    const { owner } = await clientWithPeople();
    const spellings = [
      '123 - 45 - 6789',
      '123 – 45 – 6789',
      '123_45_6789',
      '123:45:6789',
      '123|45|6789',
      '123\u221245\u22126789',
      '123&nbsp;&nbsp;&nbsp;45&nbsp;6789',
      '123\u200b45\u200b6789',
      'ssn123x45x6789',
      '１２３-４５-６７８９',
    ];
    const conversation = await start(owner, {
      subject: 'Numbers 987 65 4321',
      html: `<p>Spellings: ${spellings.join(' and ')}</p><ul><li>123 </li><li> 45</li><li>6789</li></ul>`,
    });
    const [vector] = await t.database.db
      .select({ text: sql<string>`array_to_string(tsvector_to_array(${conversationMessages.searchVector}), ' ')` })
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversation.id));
    expect(vector!.text).toContain('spell');
    expect(vector!.text).not.toMatch(/[\p{N}]/u);
    for (const q of ['123', '45', '987']) {
      const response = await call(advisor, 'GET', `${BASE}/search?q=${encodeURIComponent(q)}`);
      expect(response.json().totalCount, q).toBe(0);
    }
  });
});

describe('notifications', () => {
  it('tell the other side that a message is waiting, never what it says; notes reach staff alone', async () => {
    const db = t.database.db;
    const { clientId, owner, collaborator } = await clientWithPeople();
    // The demo advisor advises this client: told of what its people write.
    await db.update(clients).set({ advisorUserId: advisor.userId }).where(eq(clients.id, clientId));
    const conversation = await start(owner, { subject: `Refund ${SSN}`, html: `<p>Refund for ${SSN}?</p>` });
    await t.app.worker.drain();
    const toldOf = async (userId: number) =>
      db
        .select({ title: notifications.title, link: notifications.link, kind: notifications.kind })
        .from(notifications)
        .where(and(eq(notifications.recipientUserId, userId), eq(notifications.clientId, clientId)));
    const advisorTold = await toldOf(advisor.userId);
    expect(advisorTold).toHaveLength(1);
    expect(advisorTold[0]).toMatchObject({ kind: 'messageReceived', link: `/messages/${conversation.id}` });
    expect(advisorTold[0]!.title).toMatch(/^A secure message from .+ is waiting/);
    expect(JSON.stringify(advisorTold)).not.toMatch(/6789|Refund/);
    // The collaborator is of the client's side too, the author never told of their own message.
    expect(await toldOf(collaborator.userId)).toHaveLength(1);
    expect(await toldOf(owner.userId)).toHaveLength(0);

    await send(employee, conversation.id, '<p>Check the prior year first</p>', true);
    await t.app.worker.drain();
    expect(await toldOf(owner.userId)).toHaveLength(0);
    expect(await toldOf(collaborator.userId)).toHaveLength(1);
    const notes = (await toldOf(advisor.userId)).filter((row) => row.title.includes('internal note'));
    expect(notes).toHaveLength(1);

    await send(advisor, conversation.id, '<p>We will look into it</p>');
    await t.app.worker.drain();
    expect(await toldOf(owner.userId)).toHaveLength(1);
    expect((await toldOf(employee.userId)).length).toBeGreaterThan(0);

    // An advisor whose role sees clients but not messages is not told of one they could not open.
    const [role] = await db
      .insert(roles)
      .values({ name: 'clients-no-messages', displayName: 'Clients, no messages' })
      .returning({ id: roles.id });
    await db.insert(rolePermissions).values({ roleId: role!.id, permission: 'client:list' });
    const before = await db.select().from(userRoles).where(eq(userRoles.userId, advisor.userId));
    await db.delete(userRoles).where(eq(userRoles.userId, advisor.userId));
    await db.insert(userRoles).values({ userId: advisor.userId, roleId: role!.id });
    try {
      const told = (await toldOf(advisor.userId)).length;
      await send(owner, conversation.id, '<p>Any news?</p>');
      await t.app.worker.drain();
      expect(await toldOf(advisor.userId)).toHaveLength(told);
    } finally {
      await db.delete(userRoles).where(eq(userRoles.userId, advisor.userId));
      await db.insert(userRoles).values(before);
      await db.delete(roles).where(eq(roles.id, role!.id));
    }
  });
});
