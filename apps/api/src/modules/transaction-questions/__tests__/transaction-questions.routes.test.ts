import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationKind } from '@ledgerport/shared';
import {
  TO_DO_KIND,
  TRANSACTION_QUESTION_ERROR,
  type ToDoList,
  type TransactionDto,
  type TransactionQuestionDto,
} from '@ledgerport/shared';
import {
  auditEvents,
  clientCollaboratorServices,
  clientCollaborators,
  clientServices,
  documentTags,
  documents,
  notifications,
  services,
  tags,
  transactionQuestions,
} from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { insertMainGroupTag } from '../../../testing/catalog-factories.js';
import { fieldCryptoOf } from '../../../testing/clients-factories.js';
import { pdfBytes } from '../../../testing/documents-factories.js';
import { chooseCurrentClient, createClient, createUser } from '../../../testing/factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { multipartBody, type FormPart } from '../../documents/__tests__/multipart.js';
import { categoryIds, insertAccountWithTransactions, markUsedBookkeeping } from './transaction-questions.factories.js';

const API = '/api/v1/document';
/** A figure a client would write in a note: it must never be readable at rest or in the audit trail. */
const NOTE = 'Paid from account 000987654321, invoice total 4,812.77';

let t: TestApp;
let admin: SignedIn;
let advisor: SignedIn;
let bookkeepingServiceId: number;
let categories: number[];
const db = () => t.database.db;

interface World {
  clientId: number;
  owner: SignedIn;
  accountId: number;
  institutionId: number;
  transactionIds: number[];
}

/** A business client with Bookkeeping, its signed-in owner and an account with transactions. */
async function world(options: { count?: number; connectionState?: string } = {}): Promise<World> {
  const owner = await createUser(db(), { role: 'client' });
  const client = await createClient(db(), { ownerUserId: owner.id });
  await db().insert(clientServices).values({ clientId: client.id, serviceId: bookkeepingServiceId });
  await markUsedBookkeeping(db(), client.id);
  await chooseCurrentClient(db(), owner.id, client.id);
  const account = await insertAccountWithTransactions(db(), client.id, options);
  return { clientId: client.id, owner: await signIn(t.app, owner.username, owner.password), ...account };
}

/** A client user of the world's client as a collaborator, granted Bookkeeping or not. */
async function collaborator(w: World, grantBookkeeping: boolean): Promise<SignedIn> {
  const user = await createUser(db(), { role: 'client' });
  await db().insert(clientCollaborators).values({ clientId: w.clientId, userId: user.id });
  if (grantBookkeeping) {
    await db()
      .insert(clientCollaboratorServices)
      .values({ clientId: w.clientId, userId: user.id, serviceId: bookkeepingServiceId });
  }
  await chooseCurrentClient(db(), user.id, w.clientId);
  return signIn(t.app, user.username, user.password);
}

const questionsUrl = (clientId: number) => `${API}/clients/${clientId}/transaction-questions`;

function call(
  session: SignedIn,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return t.app.inject({ method, url, headers: { ...bearer(session), ...headers }, payload });
}

async function ask(w: World, body: object, session: SignedIn = advisor) {
  const response = await call(session, 'POST', questionsUrl(w.clientId), body);
  return response;
}

async function askOne(w: World, transactionId = w.transactionIds[0]!): Promise<TransactionQuestionDto> {
  const response = await ask(w, { transactionIds: [transactionId], question: 'What was this payment for?' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().items[0];
}

function answerMultipart(w: World, id: number, parts: FormPart[], session: SignedIn = w.owner, ifMatch?: string) {
  const { payload, headers } = multipartBody(parts);
  return t.app.inject({
    method: 'PUT',
    url: `${questionsUrl(w.clientId)}/${id}/answer`,
    headers: { ...bearer(session), ...headers, ...(ifMatch ? { 'if-match': ifMatch } : {}) },
    payload,
  });
}

async function documentCount(clientId: number): Promise<number> {
  const [row] = await db().select({ n: count() }).from(documents).where(eq(documents.clientId, clientId));
  return row!.n;
}

async function toDos(session: SignedIn): Promise<ToDoList> {
  const response = await call(session, 'GET', `${API}/users/me/to-dos`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(db());
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  advisor = await signIn(t.app, 'b1g1_advisor@gmail.com', 'Group1');
  const [row] = await db().select({ id: services.id }).from(services).where(eq(services.name, 'bookkeeping'));
  bookkeepingServiceId = row!.id;
  categories = await categoryIds(db());
});
afterAll(async () => t?.close());

describe('the life cycle', () => {
  it('asks, answers, asks again, answers with a receipt and resolves, with an audit event each', async () => {
    const w = await world();
    const [first, second] = w.transactionIds as [number, number];
    const asked = await ask(w, {
      transactionIds: [first, second],
      question: 'What were these for?',
      suggestedCategoryId: categories[0],
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const items = asked.json().items as TransactionQuestionDto[];
    expect(items).toHaveLength(2);
    for (const item of items) {
      expect(item).toMatchObject({
        clientId: w.clientId,
        question: 'What were these for?',
        status: 'waiting',
        suggestedCategory: { id: categories[0] },
        answerNote: null,
        receipt: null,
        askedBy: expect.stringContaining('Group1'),
      });
      expect(item.transaction).toMatchObject({
        accountId: w.accountId,
        accountName: 'Business Checking',
        mask: '4321',
      });
    }

    const listed = await call(w.owner, 'GET', questionsUrl(w.clientId));
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().totalCount).toBe(2);
    const question = items.find((item) => item.transaction.id === first)!;

    const shown = await call(w.owner, 'GET', `${questionsUrl(w.clientId)}/${question.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers.etag).toBe(`"${question.version}"`);

    const answered = await call(
      w.owner,
      'PUT',
      `${questionsUrl(w.clientId)}/${question.id}/answer`,
      { categoryId: categories[1], note: NOTE },
      { 'if-match': shown.headers.etag as string },
    );
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({
      status: 'answered',
      answerCategory: { id: categories[1] },
      answerNote: NOTE,
      answeredBy: expect.any(String),
    });

    // The note is encrypted at rest, and readable again with the app's key.
    const [stored] = await db()
      .select({ note: transactionQuestions.answerNoteEncrypted })
      .from(transactionQuestions)
      .where(eq(transactionQuestions.id, question.id));
    expect(stored!.note).not.toContain('000987654321');
    expect(fieldCryptoOf(t).decrypt(stored!.note!)).toBe(NOTE);

    const again = await call(
      advisor,
      'PUT',
      `${questionsUrl(w.clientId)}/${question.id}/ask-again`,
      { note: 'Which invoice was it?' },
      { 'if-match': answered.headers.etag as string },
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'waiting', askedAgainNote: 'Which invoice was it?' });

    const before = await documentCount(w.clientId);
    const withReceipt = await answerMultipart(
      w,
      question.id,
      [
        { name: 'CategoryId', value: String(categories[1]) },
        { name: 'Note', value: 'Receipt attached' },
        { name: 'Files', fileName: 'receipt.pdf', content: pdfBytes('receipt'), contentType: 'application/pdf' },
      ],
      w.owner,
      again.headers.etag as string,
    );
    expect(withReceipt.statusCode, withReceipt.body).toBe(200);
    const receipt = withReceipt.json().receipt as { documentId: number; name: string };
    expect(receipt).toMatchObject({ documentId: expect.any(Number), name: 'receipt' });
    expect(await documentCount(w.clientId)).toBe(before + 1);
    const [document] = await db()
      .select({ clientId: documents.clientId, serviceId: documents.serviceId })
      .from(documents)
      .where(eq(documents.id, receipt.documentId));
    expect(document).toEqual({ clientId: w.clientId, serviceId: bookkeepingServiceId });
    // Without a Receipt tag, the demo's rules need a main tag: it is filed under Other Documents.
    const filedWith = await db()
      .select({ name: tags.name })
      .from(documentTags)
      .innerJoin(tags, eq(tags.id, documentTags.tagId))
      .where(eq(documentTags.documentId, receipt.documentId));
    expect(filedWith).toEqual([{ name: 'other-documents' }]);

    const resolved = await call(advisor, 'PUT', `${questionsUrl(w.clientId)}/${question.id}/resolve`, undefined, {
      'if-match': withReceipt.headers.etag as string,
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ status: 'resolved', resolvedBy: expect.any(String) });
    const resolvedAgain = await call(advisor, 'PUT', `${questionsUrl(w.clientId)}/${question.id}/resolve`);
    expect(resolvedAgain.statusCode).toBe(409);
    expect(resolvedAgain.json().error.code).toBe(TRANSACTION_QUESTION_ERROR.resolved);

    const events = await db()
      .select({ action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.objectType, 'transaction-question'), eq(auditEvents.objectId, String(question.id))));
    expect(events.map((event) => event.action)).toEqual([
      'reconciliation.question.asked',
      'reconciliation.question.answered',
      'reconciliation.question.asked-again',
      'reconciliation.question.answered',
      'reconciliation.question.resolved',
    ]);
    expect(JSON.stringify(events)).not.toContain('000987654321');
  });

  it('files the receipt with the firm’s Receipt tag when its rules accept it', async () => {
    const w = await world();
    const receiptTag = await insertMainGroupTag(db(), [bookkeepingServiceId], {
      name: 'receipt',
      displayName: 'Receipt',
    });
    try {
      const question = await askOne(w);
      const answered = await answerMultipart(w, question.id, [
        { name: 'CategoryId', value: String(categories[0]) },
        { name: 'Files', fileName: 'lunch.pdf', content: pdfBytes('lunch'), contentType: 'application/pdf' },
      ]);
      expect(answered.statusCode, answered.body).toBe(200);
      const filedWith = await db()
        .select({ tagId: documentTags.tagId })
        .from(documentTags)
        .where(eq(documentTags.documentId, answered.json().receipt.documentId));
      expect(filedWith).toEqual([{ tagId: receiptTag.id }]);
    } finally {
      await db().update(tags).set({ isActive: false }).where(eq(tags.id, receiptTag.id));
    }
  });

  it('asks one question per transaction', async () => {
    const w = await world();
    const [first, second] = w.transactionIds as [number, number];
    const asked = await ask(w, {
      transactionIds: [first, second],
      questions: [
        { transactionId: second, question: 'Second?' },
        { transactionId: first, question: 'First?' },
      ],
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const byTransaction = new Map(
      (asked.json().items as TransactionQuestionDto[]).map((item) => [item.transaction.id, item.question]),
    );
    expect(byTransaction).toEqual(
      new Map([
        [first, 'First?'],
        [second, 'Second?'],
      ]),
    );
    const mismatched = await ask(w, {
      transactionIds: [w.transactionIds[2]],
      questions: [{ transactionId: first, question: 'Wrong one' }],
    });
    expect(mismatched.statusCode).toBe(400);
  });
});

describe('notifications', () => {
  it('tell the client of an ask and of an ask again, and whoever asked of the answer, never the note', async () => {
    const w = await world({ count: 3 });
    const taxOnly = await collaborator(w, false);
    const reconciler = await collaborator(w, true);
    const asked = await ask(w, { transactionIds: w.transactionIds.slice(0, 2), question: 'What were these?' });
    expect(asked.statusCode, asked.body).toBe(201);
    await t.app.worker.drain();
    const toldOf = async (kind: NotificationKind) =>
      db()
        .select({ userId: notifications.recipientUserId, title: notifications.title, link: notifications.link })
        .from(notifications)
        .where(and(eq(notifications.kind, kind), eq(notifications.clientId, w.clientId)));
    const askedRows = await toldOf('transactionQuestionsAsked');
    // The owner and the collaborator granted Bookkeeping; not the Tax-only one, not the asker.
    expect(askedRows.map((row) => row.userId).sort()).toEqual([w.owner.userId, reconciler.userId].sort());
    expect(askedRows.map((row) => row.userId)).not.toContain(taxOnly.userId);
    expect(askedRows[0]).toMatchObject({
      title: expect.stringMatching(/^Your firm has 2 questions about bank transactions/),
      link: '/reconciliations?tab=questions',
    });

    const question = (asked.json() as { items: TransactionQuestionDto[] }).items[0]!;
    const answered = await call(w.owner, 'PUT', `${questionsUrl(w.clientId)}/${question.id}/answer`, {
      categoryId: categories[0],
      note: NOTE,
    });
    expect(answered.statusCode, answered.body).toBe(200);
    await t.app.worker.drain();
    const answeredRows = await toldOf('transactionQuestionAnswered');
    expect(answeredRows.map((row) => row.userId)).toContain(advisor.userId);
    expect(answeredRows.map((row) => row.userId)).not.toContain(w.owner.userId);
    expect(answeredRows[0]!.link).toBe(`/reconciliations?clientId=${w.clientId}&tab=questions`);
    expect(JSON.stringify(answeredRows)).not.toContain('000987654321');

    const again = await call(advisor, 'PUT', `${questionsUrl(w.clientId)}/${question.id}/ask-again`, {
      note: 'Which invoice?',
    });
    expect(again.statusCode, again.body).toBe(200);
    await t.app.worker.drain();
    const titles = (await toldOf('transactionQuestionsAsked')).map((row) => row.title);
    expect(titles.filter((title) => title.startsWith('Your firm asked again about a bank transaction'))).toHaveLength(
      2,
    );
  });
});

describe('bad input', () => {
  it('refuses a second open question on a transaction with 409 naming it, and writes nothing', async () => {
    const w = await world();
    const [first, second] = w.transactionIds as [number, number];
    await askOne(w, first);
    const again = await ask(w, { transactionIds: [second, first], question: 'And these?' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: TRANSACTION_QUESTION_ERROR.alreadyOpen,
      details: { transactionIds: [first] },
    });
    const [row] = await db()
      .select({ n: count() })
      .from(transactionQuestions)
      .where(eq(transactionQuestions.clientId, w.clientId));
    expect(row!.n).toBe(1);
  });

  it('lets the unique index decide two asks of one transaction at once: one 201, one 409', async () => {
    const w = await world();
    const body = { transactionIds: [w.transactionIds[0]], question: 'At once?' };
    const answers = await Promise.all([ask(w, body), ask(w, body, admin)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().error.code).toBe(TRANSACTION_QUESTION_ERROR.alreadyOpen);
  });

  it('asks again only once the question is resolved', async () => {
    const w = await world();
    const question = await askOne(w);
    const resolved = await call(advisor, 'PUT', `${questionsUrl(w.clientId)}/${question.id}/resolve`);
    expect(resolved.statusCode).toBe(200);
    expect((await ask(w, { transactionIds: [w.transactionIds[0]], question: 'Once more' })).statusCode).toBe(201);
  });

  it('answers 404 for another client’s transaction, with nothing written', async () => {
    const w = await world();
    const other = await world();
    const mixed = await ask(w, { transactionIds: [w.transactionIds[0], other.transactionIds[0]], question: 'Hm?' });
    expect(mixed.statusCode).toBe(404);
    const [row] = await db()
      .select({ n: count() })
      .from(transactionQuestions)
      .where(inArray(transactionQuestions.clientId, [w.clientId, other.clientId]));
    expect(row!.n).toBe(0);
  });

  it('refuses a category that does not exist (400), and an answer to a question not waiting (409)', async () => {
    const w = await world();
    const unknownSuggestion = await ask(w, {
      transactionIds: [w.transactionIds[0]],
      question: 'Hm?',
      suggestedCategoryId: 999_999,
    });
    expect(unknownSuggestion.statusCode).toBe(400);
    expect(unknownSuggestion.json().error.code).toBe(TRANSACTION_QUESTION_ERROR.unknownCategory);
    const question = await askOne(w);
    const url = `${questionsUrl(w.clientId)}/${question.id}/answer`;
    const unknown = await call(w.owner, 'PUT', url, { categoryId: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe(TRANSACTION_QUESTION_ERROR.unknownCategory);
    expect((await call(w.owner, 'PUT', url, { categoryId: categories[0] })).statusCode).toBe(200);
    const twice = await call(w.owner, 'PUT', url, { categoryId: categories[0] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe(TRANSACTION_QUESTION_ERROR.notWaiting);
    const askAgainWaiting = await askOne(w, w.transactionIds[1]);
    const notAnswered = await call(advisor, 'PUT', `${questionsUrl(w.clientId)}/${askAgainWaiting.id}/ask-again`, {
      note: 'Again?',
    });
    expect(notAnswered.statusCode).toBe(409);
    expect(notAnswered.json().error.code).toBe(TRANSACTION_QUESTION_ERROR.notAnswered);
  });

  it('stores nothing when the receipt is refused: no document, the question still waiting', async () => {
    const w = await world();
    const question = await askOne(w);
    const before = await documentCount(w.clientId);
    const refused = await answerMultipart(w, question.id, [
      { name: 'CategoryId', value: String(categories[0]) },
      { name: 'Note', value: NOTE },
      { name: 'Files', fileName: 'evil.exe', content: Buffer.from('MZ\x90\x00 not a document') },
    ]);
    expect(refused.statusCode, refused.body).toBe(415);
    expect(await documentCount(w.clientId)).toBe(before);
    const after = await call(w.owner, 'GET', `${questionsUrl(w.clientId)}/${question.id}`);
    expect(after.json()).toMatchObject({ status: 'waiting', answerNote: null, receipt: null });
  });

  it('keeps nothing of a receipt whose answer is stale (412)', async () => {
    const w = await world();
    const question = await askOne(w);
    const before = await documentCount(w.clientId);
    const stale = await answerMultipart(
      w,
      question.id,
      [
        { name: 'CategoryId', value: String(categories[0]) },
        { name: 'Files', fileName: 'r.pdf', content: pdfBytes('r'), contentType: 'application/pdf' },
      ],
      w.owner,
      '"0"',
    );
    expect(stale.statusCode, stale.body).toBe(412);
    expect(await documentCount(w.clientId)).toBe(before);
  });
});

describe('If-Match', () => {
  it('answers 412 to a stale answer, resolve and ask again, and changes nothing', async () => {
    const w = await world();
    const question = await askOne(w);
    const url = `${questionsUrl(w.clientId)}/${question.id}`;
    const stale = { 'if-match': '"1"' };
    const answer = await call(w.owner, 'PUT', `${url}/answer`, { categoryId: categories[0] }, stale);
    expect(answer.statusCode).toBe(412);
    expect(answer.json().error.code).toBe('STALE_VERSION');
    const answered = await call(
      w.owner,
      'PUT',
      `${url}/answer`,
      { categoryId: categories[0] },
      {
        'if-match': `"${question.version}"`,
      },
    );
    expect(answered.statusCode).toBe(200);
    // The version the client answered over is stale for the firm now.
    const oldVersion = { 'if-match': `"${question.version}"` };
    expect((await call(advisor, 'PUT', `${url}/resolve`, undefined, oldVersion)).statusCode).toBe(412);
    expect((await call(advisor, 'PUT', `${url}/ask-again`, { note: 'Again?' }, oldVersion)).statusCode).toBe(412);
    const now = await call(advisor, 'GET', url);
    expect(now.json()).toMatchObject({ status: 'answered', askedAgainNote: null });
  });
});

describe('Idempotency-Key', () => {
  it('replays an ask sent twice with one key: the questions are created once', async () => {
    const w = await world();
    const headers = { 'idempotency-key': `ask-${Date.now()}` };
    const body = { transactionIds: [w.transactionIds[0]], question: 'Retry?' };
    const first = await call(advisor, 'POST', questionsUrl(w.clientId), body, headers);
    const second = await call(advisor, 'POST', questionsUrl(w.clientId), body, headers);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const [row] = await db()
      .select({ n: count() })
      .from(transactionQuestions)
      .where(eq(transactionQuestions.clientId, w.clientId));
    expect(row!.n).toBe(1);
  });
});

describe('who sees what', () => {
  it('answers 404 to another client’s owner and a collaborator without Bookkeeping', async () => {
    const w = await world();
    const other = await world();
    const question = await askOne(w);
    const without = await collaborator(w, false);
    for (const outsider of [other.owner, without]) {
      expect((await call(outsider, 'GET', questionsUrl(w.clientId))).statusCode).toBe(404);
      expect((await call(outsider, 'GET', `${questionsUrl(w.clientId)}/${question.id}`)).statusCode).toBe(404);
      const answer = await call(outsider, 'PUT', `${questionsUrl(w.clientId)}/${question.id}/answer`, {
        categoryId: categories[0],
      });
      expect(answer.statusCode).toBe(404);
    }
    // Under one's own client id, another client's question is not found either.
    const swapped = await call(other.owner, 'GET', `${questionsUrl(other.clientId)}/${question.id}`);
    expect(swapped.statusCode).toBe(404);
    const granted = await collaborator(w, true);
    expect((await call(granted, 'GET', questionsUrl(w.clientId))).json().totalCount).toBe(1);
  });

  it('lets only the firm ask, resolve and ask again, and only the client answer (403)', async () => {
    const w = await world();
    const question = await askOne(w);
    const url = `${questionsUrl(w.clientId)}/${question.id}`;
    expect((await ask(w, { transactionIds: [w.transactionIds[1]], question: 'Me?' }, w.owner)).statusCode).toBe(403);
    expect((await call(w.owner, 'PUT', `${url}/resolve`)).statusCode).toBe(403);
    expect((await call(w.owner, 'PUT', `${url}/ask-again`, { note: 'x' })).statusCode).toBe(403);
    expect((await call(advisor, 'PUT', `${url}/answer`, { categoryId: categories[0] })).statusCode).toBe(403);
  });
});

describe('lists', () => {
  it('filters questions by status, account and month, newest first', async () => {
    const w = await world({ count: 3 });
    const [a, b, c] = w.transactionIds as [number, number, number];
    const qa = await askOne(w, a);
    await askOne(w, b);
    const qc = await askOne(w, c);
    await call(w.owner, 'PUT', `${questionsUrl(w.clientId)}/${qa.id}/answer`, { categoryId: categories[0] });
    const list = async (query: Record<string, string>) => {
      const response = await t.app.inject({
        method: 'GET',
        url: questionsUrl(w.clientId),
        headers: bearer(advisor),
        query,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { items: TransactionQuestionDto[]; totalCount: number };
    };
    expect((await list({})).items.map((item) => item.id)[0]).toBe(qc.id);
    expect((await list({ status: 'answered' })).items.map((item) => item.id)).toEqual([qa.id]);
    expect((await list({ status: 'waiting', limit: '1' })).totalCount).toBe(2);
    expect((await list({ accountId: String(w.accountId), month: '2025-03' })).totalCount).toBe(3);
    expect((await list({ month: '2025-02' })).totalCount).toBe(0);
  });

  it('shows each transaction’s question status in the transactions list and filters by it', async () => {
    const w = await world({ count: 3 });
    const [a, b] = w.transactionIds as [number, number];
    const qa = await askOne(w, a);
    await askOne(w, b);
    await call(advisor, 'PUT', `${questionsUrl(w.clientId)}/${qa.id}/resolve`);
    const url = `${API}/clients/${w.clientId}/institution-accounts/${w.accountId}/transactions`;
    const list = async (query: Record<string, string> = {}) => {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: bearer(w.owner),
        query: { year: '2025', month: '3', ...query },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { items: TransactionDto[]; totalCount: number };
    };
    const all = await list();
    expect(new Map(all.items.map((item) => [item.id, item.questionStatus]))).toEqual(
      new Map([
        [a, 'resolved'],
        [b, 'waiting'],
        [w.transactionIds[2], null],
      ]),
    );
    const waiting = await list({ questionStatus: 'waiting' });
    expect(waiting.items.map((item) => item.id)).toEqual([b]);
    expect(waiting.totalCount).toBe(1);
    // A new open question shows over the resolved one.
    await askOne(w, a);
    expect((await list({ questionStatus: 'resolved' })).totalCount).toBe(0);
    expect((await list({ questionStatus: 'waiting' })).totalCount).toBe(2);
  });
});

describe('To do', () => {
  it('lists the questions waiting on the client and the connections to reconnect, and nothing for staff', async () => {
    const w = await world({ connectionState: 'login-required' });
    const question = await askOne(w);
    const items = (await toDos(w.owner)).items;
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: TO_DO_KIND.transactionQuestion,
          title: 'Question about Payment 1 on 03/20/2025',
          link: `/reconciliations?clientId=${w.clientId}&tab=questions&questionId=${question.id}`,
        }),
        expect.objectContaining({
          kind: TO_DO_KIND.bankConnection,
          title: 'Reconnect First Platypus Bank',
          link: `/reconciliations?clientId=${w.clientId}`,
        }),
      ]),
    );
    const answered = await call(w.owner, 'PUT', `${questionsUrl(w.clientId)}/${question.id}/answer`, {
      categoryId: categories[0],
    });
    expect(answered.statusCode).toBe(200);
    const left = (await toDos(w.owner)).items.map((item) => item.kind);
    expect(left).not.toContain(TO_DO_KIND.transactionQuestion);
    // Asked again: back on the list with the firm's note.
    await call(advisor, 'PUT', `${questionsUrl(w.clientId)}/${question.id}/ask-again`, { note: 'Which shop?' });
    const again = (await toDos(w.owner)).items.find((item) => item.kind === TO_DO_KIND.transactionQuestion);
    expect(again?.returnNote).toBe('Which shop?');
    expect((await toDos(advisor)).items).toEqual([]);
    const other = await world();
    expect((await toDos(other.owner)).items.map((item) => item.kind)).not.toContain(TO_DO_KIND.transactionQuestion);
  });
});
