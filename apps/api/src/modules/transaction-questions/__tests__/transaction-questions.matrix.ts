import { signedIn, type MatrixFixture, type MatrixRow } from '../../../testing/authorization-matrix.js';
import {
  categoryIds,
  insertAccountWithTransactions,
  insertQuestion,
  markUsedBookkeeping,
} from './transaction-questions.factories.js';

/**
 * Every role holds the whole `reconciliation` area, so the service draws the lines: staff ask,
 * resolve and ask again, client users answer (403 the other way round, before any id is read);
 * reading is for clientA's people in scope: ownerA, not collaboratorA (granted Tax, not Bookkeeping),
 * nor ownerB (404).
 */
const BASE = '/api/v1/document/clients/:clientId/transaction-questions';
const inScope = (status: number) => signedIn(status, { collaboratorA: 404, ownerB: 404 });
const staffOnly = (status: number) =>
  signedIn(status, { ownerA: 403, collaboratorA: 403, deactivatedCollaboratorA: 403, ownerB: 403 });

const questionsOf = (clientId: number) => `/api/v1/document/clients/${clientId}/transaction-questions`;

/** A fresh transaction of clientA (one per call: each actor asks about its own). */
async function transactionOfA(f: MatrixFixture): Promise<number> {
  await markUsedBookkeeping(f.db, f.clientA);
  const { transactionIds } = await insertAccountWithTransactions(f.db, f.clientA, { count: 1 });
  return transactionIds[0]!;
}

/** A fresh question of clientA, waiting on the client or answered. */
async function questionOfA(f: MatrixFixture, status: 'waiting' | 'answered' = 'waiting'): Promise<string> {
  const transactionId = await transactionOfA(f);
  const [categoryId] = await categoryIds(f.db);
  const id = await insertQuestion(f.db, f.clientA, transactionId, {
    status,
    ...(status === 'answered' ? { answerCategoryId: categoryId, answeredAt: new Date() } : {}),
  });
  return `${questionsOf(f.clientA)}/${id}`;
}

export const rows: MatrixRow[] = [
  {
    method: 'GET',
    route: BASE,
    url: async (f) => {
      await markUsedBookkeeping(f.db, f.clientA);
      return questionsOf(f.clientA);
    },
    expect: inScope(200),
  },
  {
    method: 'POST',
    route: BASE,
    url: (f) => questionsOf(f.clientA),
    body: async (f) => ({ transactionIds: [await transactionOfA(f)], question: 'What was this?' }),
    expect: staffOnly(201),
  },
  { method: 'GET', route: `${BASE}/:id`, url: (f) => questionOfA(f), expect: inScope(200) },
  {
    method: 'PUT',
    route: `${BASE}/:id/answer`,
    url: async (f) => `${await questionOfA(f)}/answer`,
    body: async (f) => ({ categoryId: (await categoryIds(f.db))[0], note: 'Office chairs' }),
    // Staff are refused before the question is read; outsiders of A find nothing.
    expect: signedIn(200, {
      admin: 403,
      advisor: 403,
      supervisor: 403,
      employee: 403,
      collaboratorA: 404,
      ownerB: 404,
    }),
  },
  {
    method: 'PUT',
    route: `${BASE}/:id/resolve`,
    url: async (f) => `${await questionOfA(f)}/resolve`,
    expect: staffOnly(200),
  },
  {
    method: 'PUT',
    route: `${BASE}/:id/ask-again`,
    url: async (f) => `${await questionOfA(f, 'answered')}/ask-again`,
    body: () => ({ note: 'Which invoice?' }),
    expect: staffOnly(200),
  },
];
