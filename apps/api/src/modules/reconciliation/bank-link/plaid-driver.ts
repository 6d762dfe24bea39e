import { createHash } from 'node:crypto';
import { decodeProtectedHeader, importJWK, jwtVerify, type JWK } from 'jose';
import {
  Configuration,
  CountryCode,
  CreditAccountSubtype,
  DepositoryAccountSubtype,
  PlaidApi,
  PlaidEnvironments,
  Products,
  type AccountBase,
  type Transaction,
} from 'plaid';
import { ACCOUNT_SUBTYPE, type AccountSubtype } from '@ledgerport/shared';
import {
  BankLoginRequiredError,
  BankProviderError,
  InvalidBankTokenError,
  type BankLink,
  type BankTransaction,
  type LinkedAccount,
} from './bank-link.js';
import { categoryFromPlaid } from './categories.js';

export interface PlaidSettings {
  clientId: string;
  secret: string;
  env: 'sandbox' | 'production';
}

/** Plaid's error codes that mean the user must log in again (update mode). */
const LOGIN_ERRORS = new Set(['ITEM_LOGIN_REQUIRED', 'PENDING_EXPIRATION', 'PENDING_DISCONNECT']);

const cents = (amount: number | null | undefined) => Math.round((amount ?? 0) * 100);

function plaidErrorCode(error: unknown): string | undefined {
  const data = (error as { response?: { data?: { error_code?: string } } }).response?.data;
  return data?.error_code;
}

/** Plaid's errors carry the request, which holds the access token: rethrow without them. */
async function call<T>(run: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await run()).data;
  } catch (error) {
    const code = plaidErrorCode(error);
    if (code && LOGIN_ERRORS.has(code)) throw new BankLoginRequiredError(code);
    if (code === 'INVALID_PUBLIC_TOKEN' || code === 'INVALID_ACCESS_TOKEN') throw new InvalidBankTokenError(code);
    if (code) throw new BankProviderError(code);
    throw new Error('Plaid request failed.');
  }
}

function subtypeOf(account: AccountBase): AccountSubtype | null {
  const subtype = account.subtype as string | null;
  if (subtype === DepositoryAccountSubtype.Checking) return ACCOUNT_SUBTYPE.checking;
  if (subtype === CreditAccountSubtype.CreditCard) return ACCOUNT_SUBTYPE.creditCard;
  return null;
}

/** Plaid reports a credit card's debt as a positive balance; ours is the holder's side. */
function balanceCents(account: AccountBase): number {
  const current = cents(account.balances.current);
  return subtypeOf(account) === ACCOUNT_SUBTYPE.creditCard ? -current : current;
}

function toBankTransaction(t: Transaction): BankTransaction {
  return {
    providerTransactionId: t.transaction_id,
    providerAccountId: t.account_id,
    date: t.date,
    name: t.merchant_name ?? t.name,
    // Plaid: positive is money leaving the account.
    amountCents: -cents(t.amount),
    isoCurrencyCode: t.iso_currency_code ?? t.unofficial_currency_code ?? 'USD',
    categoryCode: categoryFromPlaid(t.personal_finance_category),
  };
}

/** The Plaid driver (official SDK): Link in the browser, /transactions/sync, webhooks. */
export function createPlaidBankLink(settings: PlaidSettings, webhookUrl: string) {
  const plaid = new PlaidApi(
    new Configuration({
      basePath: PlaidEnvironments[settings.env],
      baseOptions: { headers: { 'PLAID-CLIENT-ID': settings.clientId, 'PLAID-SECRET': settings.secret } },
    }),
  );

  const link: BankLink = {
    mode: 'plaid',

    async createLinkToken({ clientId, subtype, accessToken }) {
      const data = await call(() =>
        plaid.linkTokenCreate({
          client_name: 'Ledgerport',
          language: 'en',
          country_codes: [CountryCode.Us],
          user: { client_user_id: `client-${clientId}` },
          webhook: webhookUrl,
          ...(accessToken
            ? { access_token: accessToken }
            : {
                products: [Products.Transactions],
                account_filters:
                  subtype === ACCOUNT_SUBTYPE.checking
                    ? { depository: { account_subtypes: [DepositoryAccountSubtype.Checking] } }
                    : { credit: { account_subtypes: [CreditAccountSubtype.CreditCard] } },
              }),
        }),
      );
      return data.link_token;
    },

    async exchangePublicToken(publicToken) {
      const exchanged = await call(() => plaid.itemPublicTokenExchange({ public_token: publicToken }));
      const accessToken = exchanged.access_token;
      const { accounts, item } = await call(() => plaid.accountsGet({ access_token: accessToken }));
      let institution: { id: string | null; name: string; logo: string | null } = {
        id: item.institution_id ?? null,
        name: item.institution_name ?? 'Bank',
        logo: null,
      };
      if (item.institution_id) {
        const found = await call(() =>
          plaid.institutionsGetById({
            institution_id: item.institution_id!,
            country_codes: [CountryCode.Us],
            options: { include_optional_metadata: true },
          }),
        ).catch(() => null);
        if (found) {
          const logo = found.institution.logo;
          institution = {
            ...institution,
            name: found.institution.name,
            logo: logo ? `data:image/png;base64,${logo}` : null,
          };
        }
      }
      const linked: LinkedAccount[] = [];
      for (const account of accounts) {
        const subtype = subtypeOf(account);
        if (subtype === null) continue;
        linked.push({
          providerAccountId: account.account_id,
          subtype,
          name: account.name,
          mask: account.mask ?? null,
          currentBalanceCents: balanceCents(account),
          isoCurrencyCode: account.balances.iso_currency_code ?? 'USD',
        });
      }
      return { accessToken, itemId: exchanged.item_id, institution, accounts: linked };
    },

    async syncTransactions(accessToken, cursor) {
      const data = await call(() =>
        plaid.transactionsSync({ access_token: accessToken, ...(cursor ? { cursor } : {}), count: 500 }),
      );
      return {
        added: data.added.map(toBankTransaction),
        modified: data.modified.map(toBankTransaction),
        removed: data.removed.map((r) => ({
          providerTransactionId: r.transaction_id,
          providerAccountId: r.account_id ?? null,
        })),
        nextCursor: data.next_cursor,
        hasMore: data.has_more,
      };
    },

    async getBalances(accessToken) {
      // /accounts/get: the balances Plaid refreshed with the transactions (no per-call balance fee).
      const { accounts } = await call(() => plaid.accountsGet({ access_token: accessToken }));
      return accounts
        .filter((account) => subtypeOf(account) !== null)
        .map((account) => ({
          providerAccountId: account.account_id,
          currentBalanceCents: balanceCents(account),
          isoCurrencyCode: account.balances.iso_currency_code ?? 'USD',
        }));
    },

    async removeItem(accessToken) {
      await call(() => plaid.itemRemove({ access_token: accessToken }));
    },
  };

  /** Keys by id, cached: Plaid rotates them rarely and a webhook burst needs one fetch. */
  const keys = new Map<string, JWK>();

  /**
   * Checks the Plaid-Verification header (an ES256 JWT over the body's SHA-256, at most five minutes
   * old); answers whether the webhook really comes from Plaid.
   */
  async function verifyWebhook(rawBody: string, verification: string | undefined): Promise<boolean> {
    if (!verification) return false;
    try {
      const { alg, kid } = decodeProtectedHeader(verification);
      if (alg !== 'ES256' || !kid) return false;
      let jwk = keys.get(kid);
      if (!jwk) {
        const data = await call(() => plaid.webhookVerificationKeyGet({ key_id: kid }));
        jwk = data.key as unknown as JWK;
        keys.set(kid, jwk);
      }
      const { payload } = await jwtVerify(verification, await importJWK(jwk, 'ES256'), { maxTokenAge: '5 min' });
      const expected = createHash('sha256').update(rawBody).digest('hex');
      return payload.request_body_sha256 === expected;
    } catch {
      return false;
    }
  }

  return { ...link, verifyWebhook };
}
