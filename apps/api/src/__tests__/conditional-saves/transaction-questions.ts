import { D, type CaseModule } from './harness.js';

const BASE = `${D}/clients/:clientId/transaction-questions/:id`;
const TRANSITION =
  'a state transition (409 unless the question is in the state it moves from), so a second save from any ' +
  'version cannot overwrite the first; If-Match is honoured as well (412 on a stale version, ' +
  'transaction-questions.routes.test.ts "If-Match")';

/** Questions about bank transactions: each PUT moves the question on, and takes If-Match. */
export const transactionQuestionsCases: CaseModule = {
  cases: [],
  guarded: {
    [`PUT ${BASE}/answer`]: `the client's answer: ${TRANSITION}`,
    [`PUT ${BASE}/resolve`]: `the firm's resolve: ${TRANSITION}`,
    [`PUT ${BASE}/ask-again`]: `the firm's ask again: ${TRANSITION}`,
  },
  pending: [],
};
