import type { AccountSubtype, BankLinkMode } from '@ledgerport/shared';

/**
 * One interface for linking bank accounts (DESIGN.md section 8): Plaid when PLAID_* is set, else the
 * offline sandbox bank. Amounts cross it in cents, signed from the account holder's side (negative is
 * money out), whatever the provider's own convention; drivers convert.
 */
export interface BankLink {
  readonly mode: BankLinkMode;
  /**
   * A short-lived token the browser's link flow starts with. With `accessToken` the flow runs in
   * update mode: the user logs in again to an existing login, keeping its accounts and history.
   */
  createLinkToken(input: {
    clientId: number;
    userId: number;
    subtype: AccountSubtype;
    accessToken?: string;
  }): Promise<string>;
  /** Trades the link flow's public token for a lasting access token, the institution and its accounts. */
  exchangePublicToken(publicToken: string, input: { clientId: number }): Promise<LinkedItem>;
  /** One page of changes since `cursor` (null: everything). Call again while `hasMore`. */
  syncTransactions(accessToken: string, cursor: string | null): Promise<TransactionsPage>;
  getBalances(accessToken: string): Promise<AccountBalance[]>;
  /** Ends the login at the provider (the access token stops working). */
  removeItem(accessToken: string): Promise<void>;
}

export interface LinkedItem {
  accessToken: string;
  itemId: string;
  institution: { id: string | null; name: string; logo: string | null };
  accounts: LinkedAccount[];
}

export interface LinkedAccount {
  providerAccountId: string;
  subtype: AccountSubtype;
  name: string;
  mask: string | null;
  currentBalanceCents: number;
  isoCurrencyCode: string;
}

export interface BankTransaction {
  providerTransactionId: string;
  providerAccountId: string;
  /** YYYY-MM-DD. */
  date: string;
  name: string;
  amountCents: number;
  isoCurrencyCode: string;
  /** One of TRANSACTION_CATEGORY_CODES, or null when the provider gave none we know. */
  categoryCode: string | null;
}

export interface TransactionsPage {
  added: BankTransaction[];
  modified: BankTransaction[];
  removed: Array<{ providerTransactionId: string; providerAccountId: string | null }>;
  nextCursor: string;
  hasMore: boolean;
}

export interface AccountBalance {
  providerAccountId: string;
  currentBalanceCents: number;
  isoCurrencyCode: string;
}

/**
 * The provider says the login has lapsed (or is about to, or access was revoked): the user must
 * reconnect (update mode). `code` is the provider's (Plaid's `error_code`), kept on the institution.
 */
export class BankLoginRequiredError extends Error {
  constructor(readonly code: string = 'ITEM_LOGIN_REQUIRED') {
    super('The bank login needs re-authentication.');
  }
}

/** Any other error the provider answered with its own code (an institution down, a product not ready). */
export class BankProviderError extends Error {
  constructor(readonly code: string) {
    super(`The bank provider answered ${code}.`);
  }
}

/** A link or public token that is malformed, expired, used, or for another client or user. */
export class InvalidBankTokenError extends Error {}
