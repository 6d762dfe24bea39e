import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import {
  ACCOUNT_SUBTYPE,
  SANDBOX_CREDENTIALS,
  type AccountSubtype,
  type SandboxInstitutionDto,
} from '@ledgerport/shared';
import type { DbOrTx } from '../../../db/client.js';
import { bankSandboxItems } from '../../../db/schema/index.js';
import type { FieldCrypto } from '../../../lib/field-crypto.js';
import {
  BankLoginRequiredError,
  InvalidBankTokenError,
  type AccountBalance,
  type BankLink,
  type BankTransaction,
  type LinkedAccount,
  type TransactionsPage,
} from './bank-link.js';
import {
  SANDBOX_INSTITUTIONS,
  baseTransactions,
  dayNumber,
  isoDateOf,
  materialize,
  openingBalanceCents,
  roundExtras,
  seedOf,
  type SandboxKind,
  type SandboxTransaction,
} from './sandbox-data.js';

/** Like Plaid's: a link token lasts four hours, a public token thirty minutes. */
const LINK_TOKEN_TTL_MS = 4 * 60 * 60 * 1000;
const PUBLIC_TOKEN_TTL_MS = 30 * 60 * 1000;
/** Transactions per sync page, so the caller's paging loop is exercised as with Plaid. */
const PAGE_SIZE = 500;
const HISTORY_DAYS = 730;

export class SandboxInvalidCredentialsError extends Error {}

interface LinkTokenPayload {
  k: 'link';
  c: number;
  u: number;
  s: AccountSubtype;
  /** Update mode: the sandbox item to log in to again. */
  i?: number;
  e: number;
}
interface PublicTokenPayload {
  k: 'public';
  c: number;
  i: number;
  e: number;
}
interface Cursor {
  /** Sync rounds the caller has applied. */
  n: number;
  /** Next page of the round after `n`, when one is being paged through. */
  p?: number;
}

export type SandboxBank = ReturnType<typeof createSandboxBank>;

const kindOf = (subtype: AccountSubtype): SandboxKind => (subtype === ACCOUNT_SUBTYPE.checking ? 'checking' : 'card');
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The offline bank of DESIGN.md section 8 (docs/reconciliation.md): product code, not a test stub.
 * Tokens are sealed with the field-encryption key, so they cannot be forged or read by the browser;
 * the bank's own state (logins, served sync rounds) lives in `bank_sandbox_items`.
 */
export function createSandboxBank({
  db,
  fieldCrypto,
  now = () => new Date(),
}: {
  db: DbOrTx;
  fieldCrypto: FieldCrypto;
  now?: () => Date;
}) {
  const today = () => now().toISOString().slice(0, 10);

  function seal(prefix: string, payload: LinkTokenPayload | PublicTokenPayload): string {
    return `${prefix}-sandbox-${fieldCrypto.encrypt(JSON.stringify(payload))}`;
  }
  function open<T extends LinkTokenPayload | PublicTokenPayload>(token: string, kind: T['k']): T {
    const prefix = `${kind}-sandbox-`;
    if (!token.startsWith(prefix)) throw new InvalidBankTokenError('Unknown token.');
    let payload: T;
    try {
      payload = JSON.parse(fieldCrypto.decrypt(token.slice(prefix.length))) as T;
    } catch {
      throw new InvalidBankTokenError('Unknown token.');
    }
    if (payload.k !== kind || payload.e < now().getTime()) throw new InvalidBankTokenError('Expired token.');
    return payload;
  }

  async function itemByAccessToken(accessToken: string) {
    const [item] = await db
      .select()
      .from(bankSandboxItems)
      .where(eq(bankSandboxItems.accessTokenHash, hashToken(accessToken)))
      .limit(1);
    if (!item) throw new InvalidBankTokenError('Unknown access token.');
    return item;
  }

  type Item = typeof bankSandboxItems.$inferSelect;
  const institutionOf = (item: Item) => SANDBOX_INSTITUTIONS.find((i) => i.id === item.institutionCode)!;
  const seedOfItem = (item: Item) =>
    seedOf(item.clientId, item.institutionCode, kindOf(item.subtype as AccountSubtype));
  const accountIdOf = (item: Item) => `sbx-${item.id}-${kindOf(item.subtype as AccountSubtype)}`;

  function balanceOf(item: Item): number {
    const kind = kindOf(item.subtype as AccountSubtype);
    const seed = seedOfItem(item);
    const transactions = materialize(seed, kind, item.historyStart, item.roundDates, today());
    return transactions.reduce((sum, t) => sum + t.amountCents, openingBalanceCents(seed, kind));
  }

  function accountOf(item: Item): LinkedAccount {
    const kind = kindOf(item.subtype as AccountSubtype);
    return {
      providerAccountId: accountIdOf(item),
      subtype: item.subtype as AccountSubtype,
      name: kind === 'checking' ? 'Business Checking' : 'Business Rewards Card',
      mask: String(seedOfItem(item) % 10_000).padStart(4, '0'),
      currentBalanceCents: balanceOf(item),
      isoCurrencyCode: 'USD',
    };
  }

  const toBankTransaction =
    (item: Item) =>
    (t: SandboxTransaction): BankTransaction => ({
      providerTransactionId: t.id,
      providerAccountId: accountIdOf(item),
      date: t.date,
      name: t.name,
      amountCents: t.amountCents,
      isoCurrencyCode: 'USD',
      categoryCode: t.categoryCode,
    });

  const bank = {
    mode: 'sandbox',

    async createLinkToken({ clientId, userId, subtype, accessToken }) {
      const item = accessToken ? await itemByAccessToken(accessToken) : undefined;
      return seal('link', {
        k: 'link',
        c: clientId,
        u: userId,
        s: item ? (item.subtype as AccountSubtype) : subtype,
        ...(item ? { i: item.id } : {}),
        e: now().getTime() + LINK_TOKEN_TTL_MS,
      });
    },

    async exchangePublicToken(publicToken, { clientId }) {
      const payload = open<PublicTokenPayload>(publicToken, 'public');
      if (payload.c !== clientId) throw new InvalidBankTokenError('The token is for another client.');
      const accessToken = `access-sandbox-${randomBytes(24).toString('hex')}`;
      // Only a never-exchanged login takes the token, so a public token works once.
      const [item] = await db
        .update(bankSandboxItems)
        .set({ accessTokenHash: hashToken(accessToken) })
        .where(and(eq(bankSandboxItems.id, payload.i), isNull(bankSandboxItems.accessTokenHash)))
        .returning();
      if (!item || item.clientId !== clientId) throw new InvalidBankTokenError('Unknown login.');
      const institution = institutionOf(item);
      return {
        accessToken,
        itemId: `sbx-item-${item.id}`,
        institution: { id: institution.id, name: institution.name, logo: null },
        accounts: [accountOf(item)],
      };
    },

    async syncTransactions(accessToken, cursorText): Promise<TransactionsPage> {
      let item = await itemByAccessToken(accessToken);
      if (item.loginRequired) throw new BankLoginRequiredError();
      const cursor = parseCursor(cursorText);
      const from = cursor.n;
      const to = from + 1;
      if (cursor.p === undefined) {
        if (item.loginMode === 'expiring' && from >= 1) {
          await db.update(bankSandboxItems).set({ loginRequired: true }).where(eq(bankSandboxItems.id, item.id));
          throw new BankLoginRequiredError();
        }
        // A new round is served today; a replayed cursor gets the day it was first served (same answer).
        if (item.roundDates.length < to) {
          const roundDates = [...item.roundDates.slice(0, from), today()];
          await db.update(bankSandboxItems).set({ roundDates }).where(eq(bankSandboxItems.id, item.id));
          item = { ...item, roundDates };
        }
      }
      const roundDates = item.roundDates;
      const kind = kindOf(item.subtype as AccountSubtype);
      const seed = seedOfItem(item);
      const date = roundDates[to - 1]!;
      const added: SandboxTransaction[] =
        from === 0
          ? baseTransactions(seed, kind, item.historyStart, date)
          : baseTransactions(seed, kind, isoDateOf(dayNumber(roundDates[from - 1]!) + 1), date);
      const modified: SandboxTransaction[] = [];
      const removed: string[] = [];
      if (to >= 2) {
        const { removable, changing } = roundExtras(seed, kind, to, date, false);
        added.push(removable, changing);
      }
      if (from >= 2) {
        modified.push(roundExtras(seed, kind, from, roundDates[from - 1]!, true).changing);
        removed.push(roundExtras(seed, kind, from, roundDates[from - 1]!, false).removable.id);
      }
      const page = cursor.p ?? 0;
      const hasMore = added.length > (page + 1) * PAGE_SIZE;
      const toBank = toBankTransaction(item);
      return {
        added: added.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE).map(toBank),
        modified: page === 0 ? modified.map(toBank) : [],
        removed:
          page === 0 ? removed.map((id) => ({ providerTransactionId: id, providerAccountId: accountIdOf(item) })) : [],
        nextCursor: JSON.stringify(hasMore ? { n: from, p: page + 1 } : { n: to }),
        hasMore,
      };
    },

    async getBalances(accessToken): Promise<AccountBalance[]> {
      const item = await itemByAccessToken(accessToken);
      if (item.loginRequired) throw new BankLoginRequiredError();
      const { providerAccountId, currentBalanceCents, isoCurrencyCode } = accountOf(item);
      return [{ providerAccountId, currentBalanceCents, isoCurrencyCode }];
    },

    async removeItem(accessToken) {
      await db
        .update(bankSandboxItems)
        .set({ accessTokenHash: null })
        .where(eq(bankSandboxItems.accessTokenHash, hashToken(accessToken)));
    },
  } satisfies BankLink;

  return {
    ...bank,

    institutions(): SandboxInstitutionDto[] {
      return SANDBOX_INSTITUTIONS.map(({ id, name }) => ({ id, name, logo: null }));
    },

    /**
     * The sandbox link dialog's login: checks the sandbox credentials and answers a public token. In
     * update mode (a link token for an existing login) it re-authenticates that login instead.
     */
    async createPublicToken(input: {
      linkToken: string;
      institutionId: string;
      username: string;
      password: string;
      userId: number;
    }): Promise<string> {
      const link = open<LinkTokenPayload>(input.linkToken, 'link');
      if (link.u !== input.userId) throw new InvalidBankTokenError('The link token is for another user.');
      const institution = SANDBOX_INSTITUTIONS.find((i) => i.id === input.institutionId);
      if (!institution) throw new InvalidBankTokenError('Unknown institution.');
      const loginMode = credentialsMode(input.username, input.password);
      if (!loginMode) throw new SandboxInvalidCredentialsError('The username or password is incorrect.');
      let itemId = link.i;
      if (itemId !== undefined) {
        const [item] = await db
          .update(bankSandboxItems)
          .set({ loginMode, loginRequired: false })
          .where(eq(bankSandboxItems.id, itemId))
          .returning();
        if (!item || item.institutionCode !== institution.id) throw new InvalidBankTokenError('Another institution.');
      } else {
        const [item] = await db
          .insert(bankSandboxItems)
          .values({
            clientId: link.c,
            institutionCode: institution.id,
            subtype: link.s,
            loginMode,
            historyStart: isoDateOf(dayNumber(today()) - HISTORY_DAYS),
          })
          .returning({ id: bankSandboxItems.id });
        itemId = item!.id;
      }
      return seal('public', { k: 'public', c: link.c, i: itemId, e: now().getTime() + PUBLIC_TOKEN_TTL_MS });
    },
  };
}

function credentialsMode(username: string, password: string): 'good' | 'expiring' | null {
  if (password !== SANDBOX_CREDENTIALS.good.password) return null;
  if (username === SANDBOX_CREDENTIALS.good.username) return 'good';
  if (username === SANDBOX_CREDENTIALS.expiring.username) return 'expiring';
  return null;
}

function parseCursor(text: string | null): Cursor {
  if (!text) return { n: 0 };
  try {
    const cursor = JSON.parse(text) as Cursor;
    if (Number.isInteger(cursor.n) && cursor.n >= 0) return cursor;
  } catch {
    // fall through
  }
  throw new InvalidBankTokenError('Unknown cursor.');
}
