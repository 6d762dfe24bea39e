import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { documents } from './documents.js';
import { users } from './identity.js';

/**
 * Bank reconciliation (spec 03 "Reconciliation", docs/reconciliation.md). A linked institution is one
 * login at a bank (a Plaid "item"); its accounts and their transactions are copies kept in step by
 * the sync job. Money is stored in cents, signed from the account holder's side.
 */
export const bankInstitutions = pgTable(
  'bank_institutions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** 'plaid' or 'sandbox': which driver holds the login. */
    provider: text().notNull(),
    providerItemId: text().notNull(),
    providerInstitutionId: text(),
    name: text().notNull(),
    logo: text(),
    /** The provider's access token, encrypted (lib/field-crypto); never sent to the browser or logged. */
    accessTokenEncrypted: text().notNull(),
    /** The provider's /transactions/sync cursor after the last applied sync. */
    syncCursor: text(),
    /**
     * BANK_CONNECTION_STATE (issue 24 item 2): healthy; login-required (the bank asks for a new
     * sign-in, e.g. Plaid ITEM_LOGIN_REQUIRED); pending-expiration (consent ends soon); disconnected
     * (the person revoked access at the bank); error (any other provider error, its code kept).
     * Set by sync results and the provider's webhooks, back to healthy by a sync that works.
     */
    connectionState: text().notNull().default('healthy'),
    /** The provider's error code behind a state other than healthy (never a message: it may name the person). */
    connectionErrorCode: text(),
    /** When the state last changed: how long a connection has needed action. */
    connectionStateSince: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSyncedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_institutions_item_key').on(t.provider, t.providerItemId),
    index('bank_institutions_client_idx').on(t.clientId),
    // The firm-wide list of connections needing action.
    index('bank_institutions_needs_action_idx')
      .on(t.connectionStateSince)
      .where(sql`${t.connectionState} <> 'healthy'`),
    check('bank_institutions_provider_check', sql`${t.provider} in ('plaid', 'sandbox')`),
    check(
      'bank_institutions_connection_state_check',
      sql`${t.connectionState} in ('healthy', 'login-required', 'pending-expiration', 'disconnected', 'error')`,
    ),
  ],
);

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    institutionId: integer()
      .notNull()
      .references(() => bankInstitutions.id, { onDelete: 'cascade' }),
    /** Repeated from the institution so every scoped query filters on one column. */
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    providerAccountId: text().notNull(),
    /** ACCOUNT_SUBTYPE: 1 checking, 2 credit card. */
    subtype: smallint().notNull(),
    name: text().notNull(),
    mask: text(),
    /** Holder's side: a credit card's debt is negative. */
    currentBalanceCents: bigint({ mode: 'number' }).notNull().default(0),
    isoCurrencyCode: text().notNull().default('USD'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_accounts_provider_key').on(t.institutionId, t.providerAccountId),
    index('bank_accounts_client_idx').on(t.clientId),
    check('bank_accounts_subtype_check', sql`${t.subtype} in (1, 2)`),
  ],
);

/** The dropdown of the transactions search; providers' categories map onto these codes. */
export const transactionCategories = pgTable('transaction_categories', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  code: text().notNull().unique(),
  name: text().notNull(),
});

export const bankTransactions = pgTable(
  'bank_transactions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    providerTransactionId: text().notNull(),
    /** The bank's posting date (no time zone). */
    date: date({ mode: 'string' }).notNull(),
    name: text().notNull(),
    categoryId: integer().references(() => transactionCategories.id),
    /** Signed, in cents: negative is a withdrawal. */
    amountCents: bigint({ mode: 'number' }).notNull(),
    isoCurrencyCode: text().notNull().default('USD'),
  },
  (t) => [
    // Re-syncing upserts on this key, so the same provider transaction is never stored twice.
    uniqueIndex('bank_transactions_provider_key').on(t.accountId, t.providerTransactionId),
    // The list (newest first, paged) and the month filters and balance sums of one account.
    index('bank_transactions_account_date_idx').on(t.accountId, t.date.desc(), t.id.desc()),
  ],
);

/**
 * Per client: when it was last synchronised, and whether a sync is queued or running, so a second
 * request while one runs does not start another. `syncRound` numbers the requests (the job's dedupe key).
 */
export const bankSyncStates = pgTable('bank_sync_states', {
  clientId: integer()
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  lastSyncTime: timestamp({ withTimezone: true }),
  syncRound: integer().notNull().default(0),
  syncQueuedAt: timestamp({ withTimezone: true }),
});

/**
 * The offline sandbox bank's own records (DESIGN.md section 8): one row per login made through the
 * sandbox link dialog. It stands for the bank's side, so the app's tables above never read it.
 */
export const bankSandboxItems = pgTable('bank_sandbox_items', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  clientId: integer()
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' }),
  institutionCode: text().notNull(),
  subtype: smallint().notNull(),
  /** 'good', or 'expiring': the login lapses after the first sync (to show reconnecting). */
  loginMode: text().notNull().default('good'),
  loginRequired: boolean().notNull().default(false),
  /** sha256 of the access token; null until the public token is exchanged (so it works once). */
  accessTokenHash: text().unique(),
  historyStart: date({ mode: 'string' }).notNull(),
  /** The date each sync round was served on, so replaying a cursor answers the same (idempotent). */
  roundDates: jsonb().$type<string[]>().notNull().default([]),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A question the firm asks a client about one bank transaction (issue 24 item 1; docs/reconciliation.md):
 * what it was, optionally suggesting a category. The client answers with a category, a note
 * (encrypted: clients answer with figures and names) and optionally a receipt, which is an ordinary
 * document of the client. TRANSACTION_QUESTION_STATUS: waiting (on the client), answered, resolved
 * (by the firm); asking again puts it back to waiting with the firm's note. At most one question per
 * transaction is not resolved. The row's version is its xmin (lib/row-version.ts).
 */
export const transactionQuestions = pgTable(
  'transaction_questions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Repeated from the transaction's account so every scoped query filters on one column. */
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    transactionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => bankTransactions.id, { onDelete: 'cascade' }),
    question: text().notNull(),
    suggestedCategoryId: integer().references(() => transactionCategories.id),
    status: text().notNull().default('waiting'),
    /** The firm's note when it asked again, shown to the client until the next answer. */
    askedAgainNote: text(),
    answerCategoryId: integer().references(() => transactionCategories.id),
    answerNoteEncrypted: text(),
    receiptDocumentId: integer().references(() => documents.id, { onDelete: 'set null' }),
    askedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    askedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    answeredByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp({ withTimezone: true }),
    resolvedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp({ withTimezone: true }),
    /** Reminders sent while it waits (TRANSACTION_QUESTION_REMINDER), and the last one's time; asking again starts over. */
    reminderCount: integer().notNull().default(0),
    lastRemindedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('transaction_questions_open_key')
      .on(t.transactionId)
      .where(sql`${t.status} <> 'resolved'`),
    index('transaction_questions_client_status_idx').on(t.clientId, t.status, t.askedAt.desc()),
    // A client's questions newest first, whatever their status (the Questions tab's default).
    index('transaction_questions_client_asked_idx').on(t.clientId, t.askedAt.desc(), t.id.desc()),
    index('transaction_questions_transaction_idx').on(t.transactionId),
    // The reminders' run: the questions still waiting, oldest first.
    index('transaction_questions_waiting_idx')
      .on(t.askedAt)
      .where(sql`${t.status} = 'waiting'`),
    check('transaction_questions_status_check', sql`${t.status} in ('waiting', 'answered', 'resolved')`),
  ],
);
