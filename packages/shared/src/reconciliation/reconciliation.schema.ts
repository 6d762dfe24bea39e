import { z } from 'zod';
import { booleanQuery, idSchema, listQuerySchema, pagedSchema } from '../common/list.schema.js';

/**
 * Contract: bank linking, synchronisation, accounts, balances and transactions (spec 03 "Reconciliations
 * page", "Transactions screen", issue 10). See docs/reconciliation.md for the balance rule and the sandbox bank.
 *
 * Routes (all under /api/v1):
 *   GET  /document/clients/business/bookkeeping?onlyCurrentlyUsingBookkeepingService=true|false
 *        → BookkeepingClientDto[]                                              reconciliation:list
 *   GET  /document/clients/{clientId}/institution-accounts → InstitutionAccountsResponse   reconciliation:list
 *   POST /document/clients/{clientId}/institution-accounts/link-token {subtype} → LinkTokenResult
 *                                                                           reconciliation:add-account
 *   POST /document/clients/{clientId}/institution-accounts {publicToken} → InstitutionAccountsResponse (201)
 *                                                                           reconciliation:add-account
 *   POST /document/clients/{clientId}/institution-accounts/institutions/{institutionId}/link-token
 *        → LinkTokenResult (update mode for an institution needing re-authentication) reconciliation:add-account
 *   POST /document/clients/{clientId}/institution-accounts/institutions/{institutionId}/reconnect
 *        {publicToken?} → 204 (after the link flow in update mode succeeded; clears the flag, queues a sync)
 *                                                                           reconciliation:add-account
 *   POST /document/clients/{clientId}/institution-accounts/synchronize → 202 SyncResult   reconciliation:sync
 *   GET  /document/clients/{clientId}/institution-accounts/{id} → InstitutionAccountDto
 *                                                                           reconciliation:transaction:list
 *   GET  /document/clients/{clientId}/institution-accounts/{id}/transactions?TransactionQuery
 *        → {items: TransactionDto[], totalCount}                            reconciliation:transaction:list
 *   GET  /document/clients/{clientId}/institution-accounts/{id}/balance?year&month → BalanceDto
 *                                                                           reconciliation:transaction:list
 *   GET  /document/clients/{clientId}/institution-accounts/{id}/balance-history → AccountBalanceHistoryDto
 *        (the last 12 months: ending balance, money in and out per month)   reconciliation:transaction:list
 *   GET  /document/clients/{clientId}/institution-accounts/net-cash-history → NetCashHistoryDto
 *        (the last 12 months: net cash at each month's end, per currency)   reconciliation:list
 *   GET  /document/clients/{clientId}/institution-accounts/{id}/transactions/export?TransactionFilters
 *        → .xlsx download                                                   reconciliation:transaction:export
 *   GET  /document/transaction-categories → DropdownOption[] (value = category id)
 *                                                                           reconciliation:transaction:list
 *   Sandbox bank (only when Plaid is not configured, else 404):
 *   GET  /document/reconciliation/sandbox/institutions → SandboxInstitutionDto[]  reconciliation:add-account
 *   POST /document/reconciliation/sandbox/public-token {linkToken, institutionId, username, password}
 *        → {publicToken}; 400 with code SANDBOX_INVALID_CREDENTIALS on bad credentials
 *                                                                           reconciliation:add-account
 *   Plaid only (404 when Plaid is not configured):
 *   POST /document/reconciliation/plaid/webhook                              public, Plaid-Verification JWT
 *
 * Any clientId the caller cannot see, or an account id not of that client, answers 404.
 */

export const ACCOUNT_SUBTYPE = { checking: 1, creditCard: 2 } as const;
export type AccountSubtype = (typeof ACCOUNT_SUBTYPE)[keyof typeof ACCOUNT_SUBTYPE];
export const accountSubtypeSchema = z.union([
  z.literal(ACCOUNT_SUBTYPE.checking),
  z.literal(ACCOUNT_SUBTYPE.creditCard),
]);

/** The first year the transactions screen offers (spec 03 section 9). */
export const TRANSACTIONS_START_YEAR = 2022;
/** Transaction names are cut to this many characters in the table; the full name shows on hover. */
export const TRANSACTION_NAME_DISPLAY_LENGTH = 20;

/** 'sandbox' is the built-in offline bank (DESIGN.md section 8), shown in the UI as test mode. */
export const BANK_LINK_MODE = { plaid: 'plaid', sandbox: 'sandbox' } as const;
export type BankLinkMode = (typeof BANK_LINK_MODE)[keyof typeof BANK_LINK_MODE];
export const bankLinkModeSchema = z.enum(['plaid', 'sandbox']);

/**
 * Sandbox credentials, like Plaid's sandbox: `user_good` / `pass_good` links; `user_bad` (or any other
 * password) fails; `user_expiring` / `pass_good` links, but the login expires after the first sync, so the
 * next sync marks the institution as needing re-authentication (to show the reconnect flow).
 */
export const SANDBOX_CREDENTIALS = {
  good: { username: 'user_good', password: 'pass_good' },
  bad: { username: 'user_bad', password: 'pass_good' },
  expiring: { username: 'user_expiring', password: 'pass_good' },
} as const;

export const RECONCILIATION_ERROR_CODE = {
  sandboxInvalidCredentials: 'SANDBOX_INVALID_CREDENTIALS',
  /** The link token is unknown, expired or for another client. */
  invalidLinkToken: 'INVALID_LINK_TOKEN',
  invalidPublicToken: 'INVALID_PUBLIC_TOKEN',
} as const;

const moneySchema = z.number();
const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A client offered in the staff client chooser. */
export const bookkeepingClientDtoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  currentlyUsingBookkeepingService: z.boolean(),
});
export type BookkeepingClientDto = z.infer<typeof bookkeepingClientDtoSchema>;

export const bookkeepingClientsQuerySchema = z.object({
  onlyCurrentlyUsingBookkeepingService: booleanQuery.default(true),
});
export type BookkeepingClientsQuery = z.infer<typeof bookkeepingClientsQuerySchema>;

/**
 * A linked institution's health (issue 24 item 2). Anything but healthy needs the client to act:
 * login-required and pending-expiration by reconnecting in the provider's update mode, disconnected
 * (access revoked at the bank) and error (another provider error, its code kept) by reconnecting too.
 */
export const BANK_CONNECTION_STATE = {
  healthy: 'healthy',
  loginRequired: 'login-required',
  pendingExpiration: 'pending-expiration',
  disconnected: 'disconnected',
  error: 'error',
} as const;
export const bankConnectionStateSchema = z.enum([
  BANK_CONNECTION_STATE.healthy,
  BANK_CONNECTION_STATE.loginRequired,
  BANK_CONNECTION_STATE.pendingExpiration,
  BANK_CONNECTION_STATE.disconnected,
  BANK_CONNECTION_STATE.error,
]);
export type BankConnectionState = z.infer<typeof bankConnectionStateSchema>;

/** TRANSACTION_QUESTION_STATUS (issue 24 item 1): waiting on the client, answered, resolved by the firm. */
export const TRANSACTION_QUESTION_STATUS = { waiting: 'waiting', answered: 'answered', resolved: 'resolved' } as const;
export const transactionQuestionStatusSchema = z.enum([
  TRANSACTION_QUESTION_STATUS.waiting,
  TRANSACTION_QUESTION_STATUS.answered,
  TRANSACTION_QUESTION_STATUS.resolved,
]);
export type TransactionQuestionStatus = z.infer<typeof transactionQuestionStatusSchema>;

/**
 * Reminders of a question waiting on the client (docs/reconciliation.md): once it has waited
 * `afterDays`, then every `everyDays`, at most `maxCount` times; asking again starts over.
 */
export const TRANSACTION_QUESTION_REMINDER = { afterDays: 3, everyDays: 3, maxCount: 3 } as const;

export const institutionDtoSchema = z.object({
  /** Our id of the linked institution (one login at a bank); used by the reconnect calls. */
  id: z.number().int(),
  name: z.string(),
  /** A data: or https: URL, or null (show a generic bank icon). */
  logo: z.string().nullable(),
  /** True for every state but healthy: the client reconnects (update mode) to fix it. */
  needsReauthentication: z.boolean(),
  connectionState: bankConnectionStateSchema,
  /** The provider's error code behind the state (e.g. ITEM_LOGIN_REQUIRED); null when healthy. */
  connectionErrorCode: z.string().nullable(),
  /** ISO timestamp: since when the connection is in this state. */
  connectionStateSince: z.string(),
});
export type InstitutionDto = z.infer<typeof institutionDtoSchema>;

/** `GET document/reconciliation/connections`: linked banks needing the client's action, longest first. */
export const connectionNeedingActionDtoSchema = z.object({
  clientId: z.number().int(),
  clientName: z.string(),
  institutionId: z.number().int(),
  institutionName: z.string(),
  connectionState: bankConnectionStateSchema,
  connectionErrorCode: z.string().nullable(),
  connectionStateSince: z.string(),
});
export type ConnectionNeedingActionDto = z.infer<typeof connectionNeedingActionDtoSchema>;
export const connectionsNeedingActionDtoSchema = z.object({ items: z.array(connectionNeedingActionDtoSchema) });
export type ConnectionsNeedingActionDto = z.infer<typeof connectionsNeedingActionDtoSchema>;

export const institutionAccountDtoSchema = z.object({
  id: z.number().int(),
  subtype: accountSubtypeSchema,
  name: z.string(),
  /** Last digits of the account number, or null when the bank gives none. */
  mask: z.string().nullable(),
  /**
   * From the account holder's side: a checking account's money is positive, a credit card's debt is
   * negative, so net cash is the plain sum per currency.
   */
  currentBalance: moneySchema,
  isoCurrencyCode: z.string(),
  institution: institutionDtoSchema,
  /** Same as institution.needsReauthentication, repeated for convenience. */
  needsReauthentication: z.boolean(),
  client: z.object({ id: z.number().int(), name: z.string() }),
});
export type InstitutionAccountDto = z.infer<typeof institutionAccountDtoSchema>;

export const reconciliationClientDtoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  currentlyUsingBookkeepingService: z.boolean(),
  /** ISO timestamp of the last completed synchronisation, or null when never synchronised. */
  plaidLastSyncTime: z.string().nullable(),
});
export type ReconciliationClientDto = z.infer<typeof reconciliationClientDtoSchema>;

export const netCashDtoSchema = z.object({ value: moneySchema, isoCurrencyCode: z.string() });
export type NetCashDto = z.infer<typeof netCashDtoSchema>;

export const institutionAccountsResponseSchema = z.object({
  client: reconciliationClientDtoSchema,
  institutionAccounts: z.array(institutionAccountDtoSchema),
  netCash: z.array(netCashDtoSchema),
  /** True while a synchronisation job for this client is queued or running. */
  isSyncing: z.boolean(),
  /** 'sandbox' → show the test-mode badge and the sandbox link dialog; 'plaid' → Plaid Link. */
  mode: bankLinkModeSchema,
});
export type InstitutionAccountsResponse = z.infer<typeof institutionAccountsResponseSchema>;

export const transactionDtoSchema = z.object({
  id: z.number().int(),
  /** YYYY-MM-DD (the bank's posting date; no time zone). */
  date: isoDateSchema,
  name: z.string(),
  category: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  /** Signed: negative is a withdrawal, zero or more a deposit. */
  amount: moneySchema,
  isoCurrencyCode: z.string(),
  /** The transaction's open question's status, else its latest resolved one's; null when never asked. */
  questionStatus: transactionQuestionStatusSchema.nullable(),
});
export type TransactionDto = z.infer<typeof transactionDtoSchema>;
export const transactionListSchema = pagedSchema(transactionDtoSchema);
export type TransactionList = z.infer<typeof transactionListSchema>;

export const balanceDtoSchema = z.object({
  startingBalance: moneySchema,
  /** First day of the month, YYYY-MM-DD. */
  startingBalanceDate: isoDateSchema,
  endingBalance: moneySchema,
  /** Last day of the month, YYYY-MM-DD. */
  endingBalanceDate: isoDateSchema,
  isoCurrencyCode: z.string(),
});
export type BalanceDto = z.infer<typeof balanceDtoSchema>;

/** `''` from a cleared search field means "no filter". */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** The last year offered: December of the current year (UTC, with the browser's 14-hour lead allowed). */
export function transactionsLastYear(now: Date = new Date()): number {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).getUTCFullYear();
}

const transactionYearSchema = z.coerce
  .number()
  .int()
  .min(TRANSACTIONS_START_YEAR)
  .refine((year) => year <= transactionsLastYear(), 'YEAR_AFTER_CURRENT');
const transactionMonthSchema = z.coerce.number().int().min(1).max(12);

/** Amount search: trimmed text; unsigned matches either sign ("12.5" finds +12.50 and -12.50). */
export const TRANSACTION_AMOUNT_PATTERN = /^[+-]?\d{1,12}(\.\d{1,2})?$/;

export const transactionFiltersSchema = z.object({
  /** Contains, case-insensitive. */
  name: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  amount: z.preprocess(blankToUndefined, z.string().trim().regex(TRANSACTION_AMOUNT_PATTERN).optional()),
  /** true: amount ≥ 0 (deposits); false: amount < 0 (withdrawals); absent: all. */
  isDeposit: z.preprocess(blankToUndefined, booleanQuery.optional()),
  year: z.preprocess(blankToUndefined, transactionYearSchema.optional()),
  /** 1–12; only applies together with year. */
  month: z.preprocess(blankToUndefined, transactionMonthSchema.optional()),
  categoryId: z.preprocess(blankToUndefined, idSchema.optional()),
  /** The status shown beside the transaction (its open question's, else its latest one's). */
  questionStatus: z.preprocess(blankToUndefined, transactionQuestionStatusSchema.optional()),
});
export type TransactionFilters = z.infer<typeof transactionFiltersSchema>;

/** Newest first (date, then id); sortedBy is ignored. */
export const transactionQuerySchema = listQuerySchema
  .pick({ limit: true, offset: true })
  .extend(transactionFiltersSchema.shape);
export type TransactionQuery = z.infer<typeof transactionQuerySchema>;

export const balanceQuerySchema = z.object({ year: transactionYearSchema, month: transactionMonthSchema });
export type BalanceQuery = z.infer<typeof balanceQuerySchema>;

export const createLinkTokenBodySchema = z.object({ subtype: accountSubtypeSchema });
export type CreateLinkTokenBody = z.infer<typeof createLinkTokenBodySchema>;

export const linkTokenResultSchema = z.object({ linkToken: z.string(), mode: bankLinkModeSchema });
export type LinkTokenResult = z.infer<typeof linkTokenResultSchema>;

export const publicTokenBodySchema = z.object({ publicToken: z.string().trim().min(1).max(2000) });
export type PublicTokenBody = z.infer<typeof publicTokenBodySchema>;

export const reconnectBodySchema = z.object({ publicToken: z.string().trim().max(2000).optional() });
export type ReconnectBody = z.infer<typeof reconnectBodySchema>;

export const SYNC_STATUS = { queued: 'queued', alreadyRunning: 'already-running' } as const;
export const syncResultSchema = z.object({ status: z.enum(['queued', 'already-running']) });
export type SyncResult = z.infer<typeof syncResultSchema>;

export const sandboxInstitutionDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
});
export type SandboxInstitutionDto = z.infer<typeof sandboxInstitutionDtoSchema>;

export const sandboxPublicTokenBodySchema = z.object({
  linkToken: z.string().min(1).max(2000),
  institutionId: z.string().min(1).max(100),
  username: z.string().max(200),
  password: z.string().max(200),
});
export type SandboxPublicTokenBody = z.infer<typeof sandboxPublicTokenBodySchema>;
export const sandboxPublicTokenResultSchema = z.object({ publicToken: z.string() });
export type SandboxPublicTokenResult = z.infer<typeof sandboxPublicTokenResultSchema>;

/** How many months the charts show: the current month (UTC, as transaction dates) and the 11 before it. */
export const CHART_MONTHS = 12;

const chartMonthFields = { year: z.number().int(), month: z.number().int().min(1).max(12) };

export const accountBalanceMonthDtoSchema = z.object({
  ...chartMonthFields,
  /** The balance at the month's end (today's for the current month): current − amounts dated after it. */
  endingBalance: moneySchema,
  /** Deposits dated in the month (amounts of zero or more). */
  moneyIn: moneySchema,
  /** Withdrawals dated in the month, as a positive number. */
  moneyOut: moneySchema,
});
export type AccountBalanceMonthDto = z.infer<typeof accountBalanceMonthDtoSchema>;

/** One account's last CHART_MONTHS months, oldest first; a month without transactions is there with zeros. */
export const accountBalanceHistoryDtoSchema = z.object({
  isoCurrencyCode: z.string(),
  months: z.array(accountBalanceMonthDtoSchema),
});
export type AccountBalanceHistoryDto = z.infer<typeof accountBalanceHistoryDtoSchema>;

export const netCashMonthDtoSchema = z.object({ ...chartMonthFields, netCash: moneySchema });
export type NetCashMonthDto = z.infer<typeof netCashMonthDtoSchema>;

/**
 * Net cash at each of the last CHART_MONTHS months' ends, per currency (as the page's net cash):
 * the sum of the client's account balances, each derived backwards as the balance route does.
 * No linked account: an empty list.
 */
export const netCashHistoryDtoSchema = z.object({
  currencies: z.array(z.object({ isoCurrencyCode: z.string(), months: z.array(netCashMonthDtoSchema) })),
});
export type NetCashHistoryDto = z.infer<typeof netCashHistoryDtoSchema>;
