import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { DEMO } from './support.js';

/*
 * The reconciliation and bookkeeping specs' API set-up: their own clients with the Bookkeeping service
 * and sandbox-bank links, the demo firm's bank feed (b1g1's business client, seeded on the first start
 * by apps/api/src/db/seed/demo-bank.ts), a client person only one test uses, and whole transaction lists.
 */

export type Headers = Record<'authorization', string>;

export const API = '/api/v1/document';
export const OWNER_PASSWORD = 'Secret123';
export const SANDBOX = { username: 'user_good', password: 'pass_good' };
/** Links, but the sandbox bank asks for a new sign-in after the first synchronisation. */
export const EXPIRING = { username: 'user_expiring', password: 'pass_good' };
export const CHECKING_BANK = 'First Platypus Bank';
export const CARD_BANK = 'Tattersall Federal Credit Union';
/** The demo firm's business client whose bank feed the demo links on the first start. */
export const DEMO_BOOKKEEPING_CLIENT = 'Batch1 Group1 LLC';

export async function json<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

export async function apiSignIn(request: APIRequestContext, login: string, password: string) {
  const { user } = await json<{ user: { id: number; jwtToken: { accessToken: string } } }>(
    await request.post('/api/v1/authentication/account/authenticate', {
      data: { usernameOrEmailAddress: login, password },
    }),
  );
  return { userId: user.id, headers: { authorization: `Bearer ${user.jwtToken.accessToken}` } as Headers };
}

async function serviceId(request: APIRequestContext, headers: Headers, name: string): Promise<number> {
  const services = await json<Array<{ id: number; name: string }>>(
    await request.get(`${API}/services/all`, { headers }),
  );
  const service = services.find((candidate) => candidate.name === name);
  expect(service, `the firm has the ${name} service`).toBeDefined();
  return service!.id;
}

/** A new business client using Bookkeeping, made by `staff`, with a new owner who can sign in. */
export async function bookkeepingClient(
  request: APIRequestContext,
  staff: { login: string; password: string },
  name: string,
) {
  const { userId, headers } = await apiSignIn(request, staff.login, staff.password);
  const ownerEmail = `reconciliation-${randomBytes(4).toString('hex')}@example.com`;
  const client = await json<{ id: number }>(
    await request.post(`${API}/clients`, {
      headers,
      data: {
        clientType: 1,
        name,
        newOwner: {
          firstName: 'Rhea',
          lastName: 'Conciler',
          emailAddress: ownerEmail,
          phoneNumber: '(555) 010-3333',
          advisorUserId: userId,
          password: OWNER_PASSWORD,
          confirmPassword: OWNER_PASSWORD,
        },
      },
    }),
  );
  const details = await json<{ owner: { id: number } }>(
    await request.get(`${API}/clients/${client.id}/details`, { headers }),
  );
  const edit = new FormData();
  edit.append('id', String(client.id));
  edit.append('name', name);
  edit.append('emailAddress', ownerEmail);
  edit.append('advisorUserId', String(userId));
  edit.append('ownerUserId', String(details.owner.id));
  edit.append('services', String(await serviceId(request, headers, 'bookkeeping')));
  await json(await request.put(`${API}/clients/business/${client.id}`, { headers, multipart: edit }));
  return { clientId: client.id, ownerEmail, headers };
}

/** The sandbox link flow without the browser: link token, sandbox sign-in, public-token exchange. */
export async function linkSandboxAccount(
  request: APIRequestContext,
  headers: Headers,
  clientId: number,
  subtype: 1 | 2,
  institutionName: string,
  credentials: { username: string; password: string } = SANDBOX,
) {
  const base = `${API}/clients/${clientId}/institution-accounts`;
  const { linkToken, mode } = await json<{ linkToken: string; mode: string }>(
    await request.post(`${base}/link-token`, { headers, data: { subtype } }),
  );
  expect(mode, 'the e2e server runs the offline bank').toBe('sandbox');
  const institutions = await json<Array<{ id: string; name: string }>>(
    await request.get(`${API}/reconciliation/sandbox/institutions`, { headers }),
  );
  const institution = institutions.find((candidate) => candidate.name === institutionName)!;
  const { publicToken } = await json<{ publicToken: string }>(
    await request.post(`${API}/reconciliation/sandbox/public-token`, {
      headers,
      data: { linkToken, institutionId: institution.id, ...credentials },
    }),
  );
  await json(await request.post(base, { headers, data: { publicToken } }));
}

export interface InstitutionAccounts {
  client: { plaidLastSyncTime: string | null };
  isSyncing: boolean;
  institutionAccounts: Array<{
    id: number;
    name: string;
    subtype: number;
    currentBalance: number;
    needsReauthentication: boolean;
    institution: { id: number; name: string; connectionState: string };
  }>;
  netCash: Array<{ value: number; isoCurrencyCode: string }>;
}

export async function institutionAccounts(request: APIRequestContext, headers: Headers, clientId: number) {
  return json<InstitutionAccounts>(await request.get(`${API}/clients/${clientId}/institution-accounts`, { headers }));
}

/**
 * Synchronises (a queued job) until the sandbox bank asks for a new sign-in: the expiring login
 * lapses at the sync after the first one.
 */
export async function expireLogin(request: APIRequestContext, headers: Headers, clientId: number) {
  await expect
    .poll(
      async () => {
        const accounts = await institutionAccounts(request, headers, clientId);
        if (accounts.institutionAccounts[0]!.needsReauthentication) return true;
        if (!accounts.isSyncing) {
          await json(await request.post(`${API}/clients/${clientId}/institution-accounts/synchronize`, { headers }));
        }
        return false;
      },
      { timeout: 30_000, intervals: [500, 1000] },
    )
    .toBe(true);
}

export interface Transaction {
  id: number;
  date: string;
  name: string;
  amount: number;
  isoCurrencyCode: string;
  questionStatus: string | null;
}

/** Every transaction of an account, newest first (pages of 100, the most a list gives). */
export async function allTransactions(
  request: APIRequestContext,
  headers: Headers,
  clientId: number,
  accountId: number,
): Promise<Transaction[]> {
  const all: Transaction[] = [];
  for (;;) {
    const page = await json<{ items: Transaction[]; totalCount: number }>(
      await request.get(
        `${API}/clients/${clientId}/institution-accounts/${accountId}/transactions?limit=100&offset=${all.length}`,
        { headers },
      ),
    );
    all.push(...page.items);
    if (page.items.length === 0 || all.length >= page.totalCount) return all;
  }
}

/** The demo's bookkeeping client and its checking account, as the demo's admin sees them. */
export async function demoBankFeed(request: APIRequestContext) {
  const admin = await apiSignIn(request, DEMO.admin, DEMO.password);
  const clients = await json<Array<{ id: number; name: string }>>(
    await request.get(`${API}/clients/all?text=${encodeURIComponent(DEMO_BOOKKEEPING_CLIENT)}`, {
      headers: admin.headers,
    }),
  );
  const client = clients.find((candidate) => candidate.name === DEMO_BOOKKEEPING_CLIENT);
  expect(client, `the demo firm has ${DEMO_BOOKKEEPING_CLIENT}`).toBeDefined();
  const accounts = await institutionAccounts(request, admin.headers, client!.id);
  const checking = accounts.institutionAccounts.find((account) => account.institution.name === CHECKING_BANK);
  expect(checking, `the demo links ${DEMO_BOOKKEEPING_CLIENT}'s checking account on the first start`).toBeDefined();
  return { admin: admin.headers, clientId: client!.id, checking: checking!, accounts };
}

/**
 * A new client user who collaborates on `clientId` with the Bookkeeping service granted, with that
 * client as their current one. Only the calling test signs in as them, so no other spec can switch
 * their current client mid-test (it is kept per user on the server). The client's other fields and
 * collaborators are sent back as they are (with If-Match: a concurrent edit is retried on top of it).
 */
export async function bookkeepingCollaborator(request: APIRequestContext, admin: Headers, clientId: number) {
  const tag = randomBytes(4).toString('hex');
  const email = `bookkeeping-collaborator-${tag}@example.com`;
  const roles = await json<Array<{ value: string; name: string }>>(
    await request.get('/api/v1/identity/roles/all', { headers: admin }),
  );
  const bookkeeping = await serviceId(request, admin, 'bookkeeping');
  interface ClientEdit {
    version: string;
    name: string;
    tradeName: string | null;
    website: string | null;
    taxpayerIdentificationNumber: string | null;
    emailAddress: string | null;
    phoneNumber: string | null;
    advisorUserId: number | null;
    ownerUserId: number;
    address: Record<string, string | null>;
    services: number[];
    collaborators: Array<{ collaboratorUserId: number; services: number[] }>;
  }
  let client = await json<ClientEdit>(await request.get(`${API}/clients/business/${clientId}`, { headers: admin }));
  const user = await json<{ id: number }>(
    await request.post('/api/v1/identity/users', {
      headers: admin,
      data: {
        firstName: 'Cora',
        lastName: `Collaborator${tag}`,
        emailAddress: email,
        phoneNumber: '(555) 010-2424',
        roleId: roles.find((role) => role.name === 'client')!.value,
        advisorUserId: String(client.advisorUserId),
        password: OWNER_PASSWORD,
        confirmPassword: OWNER_PASSWORD,
      },
    }),
  );
  for (let attempt = 0; ; attempt += 1) {
    const edit = new FormData();
    edit.append('id', String(clientId));
    edit.append('name', client.name);
    // The edit requires an address; the demo's business client is seeded without one.
    edit.append('emailAddress', client.emailAddress ?? `office-${tag}@example.com`);
    edit.append('advisorUserId', String(client.advisorUserId));
    edit.append('ownerUserId', String(client.ownerUserId));
    for (const field of ['tradeName', 'website', 'taxpayerIdentificationNumber', 'phoneNumber'] as const) {
      if (client[field] !== null) edit.append(field, client[field]);
    }
    for (const [field, value] of Object.entries(client.address)) {
      if (value !== null) edit.append(`address.${field}`, value);
    }
    for (const service of client.services) edit.append('services', String(service));
    const collaborators = [...client.collaborators, { collaboratorUserId: user.id, services: [bookkeeping] }];
    collaborators.forEach((collaborator, i) => {
      edit.append(`Collaborators[${i}].CollaboratorUserId`, String(collaborator.collaboratorUserId));
      for (const service of collaborator.services) edit.append(`Collaborators[${i}].Services`, String(service));
    });
    const saved = await request.put(`${API}/clients/business/${clientId}`, {
      headers: { ...admin, 'if-match': `"${client.version}"` },
      multipart: edit,
    });
    if (saved.status() !== 412 || attempt === 2) {
      await json(saved);
      break;
    }
    client = await json<ClientEdit>(await request.get(`${API}/clients/business/${clientId}`, { headers: admin }));
  }
  const person = await apiSignIn(request, email, OWNER_PASSWORD);
  await json(await request.put(`${API}/users/me/clients/current`, { headers: person.headers, data: { clientId } }));
  return { email, headers: person.headers };
}

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "September 2026", as the month headings and chart tables name a month. */
export const monthName = (year: number, month: number) => `${MONTHS[month - 1]} ${year}`;

/** The 12 months ending with the current UTC month, oldest first, as the charts show them. */
export function lastTwelveMonths(now = new Date()) {
  return Array.from({ length: 12 }, (_, i) => {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1));
    return { year: first.getUTCFullYear(), month: first.getUTCMonth() + 1 };
  });
}

/** "$1,234.56" / "-$15.00", as the app writes an amount in dollars. */
export const usd = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value);

/** MM/DD/YYYY, as the transactions table and the questions write a posting date (YYYY-MM-DD). */
export const transactionDate = (isoDate: string) => {
  const [year, month, day] = isoDate.split('-');
  return `${month}/${day}/${year}`;
};

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
