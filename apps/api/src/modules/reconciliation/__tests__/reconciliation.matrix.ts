import { eq } from 'drizzle-orm';
import { bankAccounts, bankInstitutions, bankTransactions, clients } from '../../../db/schema/index.js';
import { all, signedIn, type MatrixFixture, type MatrixRow } from '../../../testing/authorization-matrix.js';

/**
 * Every role holds the whole `reconciliation` area. The fixture's clients are business clients
 * without bookkeeping, so the rows mark clientA as having used it. Then staff and ownerA reach
 * clientA; collaboratorA (granted Tax, not Bookkeeping) and ownerB are outside the scope: 404.
 */
const clientARoute = (status: number) => signedIn(status, { collaboratorA: 404, ownerB: 404 });

async function bookkeepingClientA(f: MatrixFixture): Promise<number> {
  await f.db.update(clients).set({ usedBookkeepingServiceAtLeastOnce: true }).where(eq(clients.id, f.clientA));
  return f.clientA;
}

/**
 * A linked institution with one checking account and a transaction, straight in the tables (the
 * matrix has no way to the link flow). The stored access token is not a real one: calls that need
 * the bank answer 400 for the callers who pass the access rules.
 */
async function institutionOfA(f: MatrixFixture) {
  const clientId = await bookkeepingClientA(f);
  const [institution] = await f.db
    .insert(bankInstitutions)
    .values({
      clientId,
      provider: 'sandbox',
      providerItemId: `matrix-${Math.random().toString(36).slice(2)}`,
      name: 'First Platypus Bank',
      accessTokenEncrypted: 'v1.not-a-token',
    })
    .returning({ id: bankInstitutions.id });
  const [account] = await f.db
    .insert(bankAccounts)
    .values({
      institutionId: institution!.id,
      clientId,
      providerAccountId: 'matrix-checking',
      subtype: 1,
      name: 'Business Checking',
      mask: '1234',
      currentBalanceCents: 100_00,
    })
    .returning({ id: bankAccounts.id });
  await f.db.insert(bankTransactions).values({
    accountId: account!.id,
    providerTransactionId: 'matrix-1',
    date: '2024-05-02',
    name: 'Rent',
    amountCents: -50_00,
  });
  return { clientId, institutionId: institution!.id, accountId: account!.id };
}

const ACCOUNTS = '/api/v1/document/clients/:clientId/institution-accounts';
const accountsOf = (clientId: number) => `/api/v1/document/clients/${clientId}/institution-accounts`;

export const rows: MatrixRow[] = [
  {
    method: 'GET',
    route: '/api/v1/document/clients/business/bookkeeping',
    url: async (f) => {
      await bookkeepingClientA(f);
      return '/api/v1/document/clients/business/bookkeeping?onlyCurrentlyUsingBookkeepingService=false';
    },
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: ACCOUNTS,
    url: async (f) => accountsOf(await bookkeepingClientA(f)),
    expect: clientARoute(200),
  },
  // Every holder of the area may ask; what comes back is their scope's (a client user: their own).
  { method: 'GET', route: '/api/v1/document/reconciliation/connections', expect: signedIn(200) },
  {
    method: 'POST',
    route: `${ACCOUNTS}/link-token`,
    url: async (f) => `${accountsOf(await bookkeepingClientA(f))}/link-token`,
    body: () => ({ subtype: 1 }),
    expect: clientARoute(200),
  },
  {
    method: 'POST',
    route: ACCOUNTS,
    url: async (f) => accountsOf(await bookkeepingClientA(f)),
    // Passing the access rules reaches the token check: a made-up public token is refused.
    body: () => ({ publicToken: 'public-sandbox-v1.made-up' }),
    expect: clientARoute(400),
  },
  {
    method: 'POST',
    route: `${ACCOUNTS}/institutions/:institutionId/link-token`,
    url: async (f) => {
      const { clientId, institutionId } = await institutionOfA(f);
      return `${accountsOf(clientId)}/institutions/${institutionId}/link-token`;
    },
    expect: clientARoute(400),
  },
  {
    method: 'POST',
    route: `${ACCOUNTS}/institutions/:institutionId/reconnect`,
    url: async (f) => {
      const { clientId, institutionId } = await institutionOfA(f);
      return `${accountsOf(clientId)}/institutions/${institutionId}/reconnect`;
    },
    body: () => ({}),
    expect: clientARoute(204),
  },
  {
    method: 'POST',
    route: `${ACCOUNTS}/synchronize`,
    url: async (f) => `${accountsOf(await bookkeepingClientA(f))}/synchronize`,
    expect: clientARoute(202),
  },
  {
    method: 'GET',
    route: `${ACCOUNTS}/:id`,
    url: async (f) => {
      const { clientId, accountId } = await institutionOfA(f);
      return `${accountsOf(clientId)}/${accountId}`;
    },
    expect: clientARoute(200),
  },
  {
    method: 'GET',
    route: `${ACCOUNTS}/:id/transactions`,
    url: async (f) => {
      const { clientId, accountId } = await institutionOfA(f);
      return `${accountsOf(clientId)}/${accountId}/transactions?year=2024&month=5`;
    },
    expect: clientARoute(200),
  },
  {
    method: 'GET',
    route: `${ACCOUNTS}/:id/balance`,
    url: async (f) => {
      const { clientId, accountId } = await institutionOfA(f);
      return `${accountsOf(clientId)}/${accountId}/balance?year=2024&month=5`;
    },
    expect: clientARoute(200),
  },
  {
    method: 'GET',
    route: `${ACCOUNTS}/:id/balance-history`,
    url: async (f) => {
      const { clientId, accountId } = await institutionOfA(f);
      return `${accountsOf(clientId)}/${accountId}/balance-history`;
    },
    expect: clientARoute(200),
  },
  {
    method: 'GET',
    route: `${ACCOUNTS}/net-cash-history`,
    url: async (f) => `${accountsOf(await bookkeepingClientA(f))}/net-cash-history`,
    expect: clientARoute(200),
  },
  {
    method: 'GET',
    route: `${ACCOUNTS}/:id/transactions/export`,
    url: async (f) => {
      const { clientId, accountId } = await institutionOfA(f);
      return `${accountsOf(clientId)}/${accountId}/transactions/export?year=2024`;
    },
    expect: clientARoute(200),
  },
  { method: 'GET', route: '/api/v1/document/transaction-categories', expect: signedIn(200) },
  { method: 'GET', route: '/api/v1/document/reconciliation/sandbox/institutions', expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/v1/document/reconciliation/sandbox/public-token',
    // Every signed-in role may link; a made-up link token is refused.
    body: () => ({
      linkToken: 'link-sandbox-v1.made-up',
      institutionId: 'ins_sandbox_platypus',
      username: 'user_good',
      password: 'pass_good',
    }),
    expect: signedIn(400),
  },
  {
    method: 'POST',
    route: '/api/v1/document/reconciliation/plaid/webhook',
    body: () => ({ webhook_type: 'TRANSACTIONS', webhook_code: 'SYNC_UPDATES_AVAILABLE', item_id: 'x' }),
    // Public (Plaid calls it, proving itself with a signed header); absent without Plaid settings.
    expect: all(404),
  },
];
