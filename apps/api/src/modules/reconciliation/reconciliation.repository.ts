import { and, asc, count, eq, exists, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  BANK_CONNECTION_STATE,
  BOOKKEEPING_SERVICE_NAME,
  type BankConnectionState,
  type TransactionQuestionStatus,
} from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  bankAccounts,
  bankInstitutions,
  bankSyncStates,
  bankTransactions,
  clientServices,
  clients,
  services,
  transactionCategories,
  transactionQuestions,
} from '../../db/schema/index.js';
import { containsIgnoreCase, runPrepared } from '../../lib/list-query.js';
import type { BankTransaction, LinkedAccount } from './bank-link/bank-link.js';
import { reconciliationScopeCondition, type ReconciliationScope } from './reconciliation-scope.js';

export type ReconciliationRepository = ReturnType<typeof createReconciliationRepository>;

/** A sync flag older than this belongs to a job that died: a new request may start another. */
export const SYNC_STALE_MINUTES = 15;

/** Filters of the transactions list and export, already parsed (amount in cents). */
export interface TransactionListFilters {
  name?: string;
  /** Unsigned matches either sign. */
  amount?: { cents: number; signed: boolean };
  isDeposit?: boolean;
  /** Half-open date range, YYYY-MM-DD. */
  from?: string;
  to?: string;
  categoryId?: number;
  questionStatus?: TransactionQuestionStatus;
}

/**
 * The status shown beside a transaction: its open question's (at most one is not resolved, by a unique
 * index), else its latest resolved one's, null when none was asked. One probe of the question index a row.
 */
function questionStatusOf(): SQL<TransactionQuestionStatus | null> {
  return sql<TransactionQuestionStatus | null>`(select ${transactionQuestions.status} from ${transactionQuestions}
    where ${transactionQuestions.transactionId} = ${bankTransactions.id}
    order by ${transactionQuestions.status} = 'resolved', ${transactionQuestions.askedAt} desc, ${transactionQuestions.id} desc
    limit 1)`;
}

/** Rows written per statement when applying a sync (7 parameters each, far below PostgreSQL's limit). */
const UPSERT_BATCH = 1000;

/** Whether the client has the Bookkeeping service now (the chooser's "currently using" mark). */
function hasBookkeepingService(db: DbOrTx) {
  return exists(
    db
      .select({ one: clientServices.clientId })
      .from(clientServices)
      .innerJoin(services, eq(services.id, clientServices.serviceId))
      .where(and(eq(clientServices.clientId, clients.id), sql`lower(${services.name}) = ${BOOKKEEPING_SERVICE_NAME}`)),
  );
}

/**
 * The account's transactions, when its client is in scope: the check names the account, not the
 * row, so PostgreSQL runs it once per query rather than once per transaction.
 */
function transactionWhere(
  tx: DbOrTx,
  accountId: number,
  f: TransactionListFilters & { scope: ReconciliationScope },
): SQL {
  return and(
    eq(bankTransactions.accountId, accountId),
    exists(
      tx
        .select({ one: bankAccounts.id })
        .from(bankAccounts)
        .innerJoin(clients, eq(clients.id, bankAccounts.clientId))
        .where(and(eq(bankAccounts.id, accountId), reconciliationScopeCondition(tx, f.scope))),
    ),
    f.name ? containsIgnoreCase(bankTransactions.name, f.name) : undefined,
    f.amount
      ? f.amount.signed
        ? eq(bankTransactions.amountCents, f.amount.cents)
        : inArray(bankTransactions.amountCents, [f.amount.cents, -f.amount.cents])
      : undefined,
    f.isDeposit === undefined
      ? undefined
      : f.isDeposit
        ? gte(bankTransactions.amountCents, 0)
        : lt(bankTransactions.amountCents, 0),
    f.from ? gte(bankTransactions.date, f.from) : undefined,
    f.to ? lt(bankTransactions.date, f.to) : undefined,
    f.categoryId === undefined ? undefined : eq(bankTransactions.categoryId, f.categoryId),
    f.questionStatus === undefined ? undefined : sql`${questionStatusOf()} = ${f.questionStatus}`,
  )!;
}

/** Where the export stopped: the last row's position in the list order. */
export interface TransactionKey {
  date: string;
  id: number;
}

function transactionsQuery(tx: DbOrTx, where: SQL) {
  return (
    tx
      .select({
        id: bankTransactions.id,
        date: bankTransactions.date,
        name: bankTransactions.name,
        categoryId: bankTransactions.categoryId,
        category: transactionCategories.name,
        amountCents: bankTransactions.amountCents,
        isoCurrencyCode: bankTransactions.isoCurrencyCode,
        questionStatus: questionStatusOf(),
      })
      .from(bankTransactions)
      .leftJoin(transactionCategories, eq(transactionCategories.id, bankTransactions.categoryId))
      .where(where)
      // NULLS LAST as the index stores it: a plain DESC (nulls first) would sort every row instead.
      .orderBy(sql`${bankTransactions.date} desc nulls last`, sql`${bankTransactions.id} desc nulls last`)
  );
}

const accountColumns = {
  id: bankAccounts.id,
  subtype: bankAccounts.subtype,
  name: bankAccounts.name,
  mask: bankAccounts.mask,
  currentBalanceCents: bankAccounts.currentBalanceCents,
  isoCurrencyCode: bankAccounts.isoCurrencyCode,
  institutionId: bankInstitutions.id,
  institutionName: bankInstitutions.name,
  institutionLogo: bankInstitutions.logo,
  connectionState: bankInstitutions.connectionState,
  connectionErrorCode: bankInstitutions.connectionErrorCode,
  connectionStateSince: bankInstitutions.connectionStateSince,
  clientId: clients.id,
  clientName: clients.name,
};
export type AccountRow = Awaited<ReturnType<ReconciliationRepository['accountsOfClient']>>[number];

/**
 * A login that works: healthy, no code; its state's age restarts only when it was not healthy, so a
 * sync that works does not reset how long a connection has been fine.
 */
const healthy = {
  connectionState: BANK_CONNECTION_STATE.healthy,
  connectionErrorCode: null,
  connectionStateSince: sql`case when ${bankInstitutions.connectionState} = ${BANK_CONNECTION_STATE.healthy} then ${bankInstitutions.connectionStateSince} else now() end`,
};

export function createReconciliationRepository({ db }: { db: DbOrTx }) {
  return {
    bookkeepingClients(scope: ReconciliationScope, onlyCurrentlyUsing: boolean, tx = db) {
      const currentlyUsing = hasBookkeepingService(tx);
      return tx
        .select({
          id: clients.id,
          name: clients.name,
          currentlyUsingBookkeepingService: sql<boolean>`${currentlyUsing}`,
        })
        .from(clients)
        .where(and(reconciliationScopeCondition(tx, scope), onlyCurrentlyUsing ? currentlyUsing : undefined))
        .orderBy(sql`lower(${clients.name})`, asc(clients.id));
    },

    async findClient(clientId: number, scope: ReconciliationScope, tx = db) {
      const [row] = await tx
        .select({
          id: clients.id,
          name: clients.name,
          currentlyUsingBookkeepingService: sql<boolean>`${hasBookkeepingService(tx)}`,
          lastSyncTime: bankSyncStates.lastSyncTime,
          syncQueuedAt: bankSyncStates.syncQueuedAt,
        })
        .from(clients)
        .leftJoin(bankSyncStates, eq(bankSyncStates.clientId, clients.id))
        .where(and(eq(clients.id, clientId), reconciliationScopeCondition(tx, scope)))
        .limit(1);
      return row ?? null;
    },

    accountsOfClient(clientId: number, scope: ReconciliationScope, tx = db) {
      return tx
        .select(accountColumns)
        .from(bankAccounts)
        .innerJoin(bankInstitutions, eq(bankInstitutions.id, bankAccounts.institutionId))
        .innerJoin(clients, eq(clients.id, bankAccounts.clientId))
        .where(and(eq(bankAccounts.clientId, clientId), reconciliationScopeCondition(tx, scope)))
        .orderBy(asc(bankAccounts.subtype), sql`lower(${bankInstitutions.name})`, asc(bankAccounts.id));
    },

    async findAccount(clientId: number, accountId: number, scope: ReconciliationScope, tx = db) {
      const [row] = await tx
        .select(accountColumns)
        .from(bankAccounts)
        .innerJoin(bankInstitutions, eq(bankInstitutions.id, bankAccounts.institutionId))
        .innerJoin(clients, eq(clients.id, bankAccounts.clientId))
        .where(
          and(
            eq(bankAccounts.id, accountId),
            eq(bankAccounts.clientId, clientId),
            reconciliationScopeCondition(tx, scope),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async findInstitution(clientId: number, institutionId: number, scope: ReconciliationScope, tx = db) {
      const [row] = await tx
        .select()
        .from(bankInstitutions)
        .where(
          and(
            eq(bankInstitutions.id, institutionId),
            eq(bankInstitutions.clientId, clientId),
            reconciliationScopeCondition(tx, scope, bankInstitutions.clientId),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** @unscoped the sync job (the firm's own work) for a client whose sync a caller in scope or the provider queued */
    institutionsOfClient(clientId: number, provider: string, tx = db) {
      return tx
        .select()
        .from(bankInstitutions)
        .where(and(eq(bankInstitutions.clientId, clientId), eq(bankInstitutions.provider, provider)))
        .orderBy(asc(bankInstitutions.id));
    },

    /** @unscoped a provider webhook: the provider names its login, there is no caller */
    async findInstitutionByItem(provider: string, providerItemId: string, tx = db) {
      const [row] = await tx
        .select({ id: bankInstitutions.id, clientId: bankInstitutions.clientId })
        .from(bankInstitutions)
        .where(and(eq(bankInstitutions.provider, provider), eq(bankInstitutions.providerItemId, providerItemId)))
        .limit(1);
      return row ?? null;
    },

    /** @unscoped new rows for a client the service has just found in the caller's scope */
    async insertInstitution(values: typeof bankInstitutions.$inferInsert, accounts: LinkedAccount[], tx = db) {
      const [institution] = await tx.insert(bankInstitutions).values(values).returning({ id: bankInstitutions.id });
      if (accounts.length > 0) {
        await tx.insert(bankAccounts).values(
          accounts.map((account) => ({
            institutionId: institution!.id,
            clientId: values.clientId,
            providerAccountId: account.providerAccountId,
            subtype: account.subtype,
            name: account.name,
            mask: account.mask,
            currentBalanceCents: account.currentBalanceCents,
            isoCurrencyCode: account.isoCurrencyCode,
          })),
        );
      }
      return institution!.id;
    },

    /**
     * Linked logins that need the client to act (any state but healthy), longest first, with their
     * client: the firm's list (staff see every reconciliation client), a client user's to-dos (their
     * current client, with the Bookkeeping grant), or one client's (`clientId`).
     */
    async connectionsNeedingAction(
      scope: ReconciliationScope,
      { clientId, limit = 500 }: { clientId?: number; limit?: number } = {},
      tx = db,
    ) {
      return tx
        .select({
          institutionId: bankInstitutions.id,
          institutionName: bankInstitutions.name,
          connectionState: bankInstitutions.connectionState,
          connectionErrorCode: bankInstitutions.connectionErrorCode,
          connectionStateSince: bankInstitutions.connectionStateSince,
          clientId: clients.id,
          clientName: clients.name,
        })
        .from(bankInstitutions)
        .innerJoin(clients, eq(clients.id, bankInstitutions.clientId))
        .where(
          and(
            sql`${bankInstitutions.connectionState} <> ${BANK_CONNECTION_STATE.healthy}`,
            clientId === undefined ? undefined : eq(bankInstitutions.clientId, clientId),
            reconciliationScopeCondition(tx, scope, bankInstitutions.clientId),
          ),
        )
        .orderBy(asc(bankInstitutions.connectionStateSince), asc(bankInstitutions.id))
        .limit(limit);
    },

    /** The Bookkeeping service (by its name, as everywhere): what a collaborator needs to reconcile. */
    async bookkeepingServiceId(tx = db): Promise<number | null> {
      const [row] = await tx
        .select({ id: services.id })
        .from(services)
        .where(sql`lower(${services.name}) = ${BOOKKEEPING_SERVICE_NAME}`)
        .limit(1);
      return row?.id ?? null;
    },

    /** After a reconnect: the institution in scope is healthy again; whether one was changed. */
    async markReconnected(institutionId: number, scope: ReconciliationScope, tx = db): Promise<boolean> {
      const changed = await tx
        .update(bankInstitutions)
        .set(healthy)
        .where(
          and(
            eq(bankInstitutions.id, institutionId),
            reconciliationScopeCondition(tx, scope, bankInstitutions.clientId),
          ),
        )
        .returning({ id: bankInstitutions.id });
      return changed.length > 0;
    },

    /**
     * The sync job or a provider webhook found the login in another state. Writes only a change, and
     * answers the institution when it moved from healthy to needing action (who is told), else null.
     * @unscoped the sync job or a provider webhook; there is no caller
     */
    async markConnectionState(
      institutionId: number,
      change: { state: BankConnectionState; code: string | null },
      tx = db,
    ): Promise<{ id: number; clientId: number; name: string; wasHealthy: boolean } | null> {
      const [before] = await tx
        .select({ state: bankInstitutions.connectionState, code: bankInstitutions.connectionErrorCode })
        .from(bankInstitutions)
        .where(eq(bankInstitutions.id, institutionId))
        .for('update');
      if (!before || (before.state === change.state && before.code === change.code)) return null;
      const [row] = await tx
        .update(bankInstitutions)
        .set({
          connectionState: change.state,
          connectionErrorCode: change.code,
          // The code may change within a state (one error for another): the state's age does not.
          ...(before.state === change.state ? {} : { connectionStateSince: sql`now()` }),
        })
        .where(eq(bankInstitutions.id, institutionId))
        .returning({ id: bankInstitutions.id, clientId: bankInstitutions.clientId, name: bankInstitutions.name });
      return row ? { ...row, wasHealthy: before.state === BANK_CONNECTION_STATE.healthy } : null;
    },

    /** @unscoped the sync job's (applyTransactions) */
    accountIdsOfInstitution(institutionId: number, tx = db) {
      return tx
        .select({ id: bankAccounts.id, providerAccountId: bankAccounts.providerAccountId })
        .from(bankAccounts)
        .where(eq(bankAccounts.institutionId, institutionId));
    },

    async categoryIdsByCode(tx = db): Promise<Map<string, number>> {
      const rows = await tx
        .select({ id: transactionCategories.id, code: transactionCategories.code })
        .from(transactionCategories);
      return new Map(rows.map((row) => [row.code, row.id]));
    },

    categories(tx = db) {
      return tx
        .select({ id: transactionCategories.id, name: transactionCategories.name })
        .from(transactionCategories)
        .orderBy(asc(transactionCategories.name));
    },

    /**
     * Applies one sync's changes to an institution's accounts: added and modified transactions are
     * upserted on (account, provider id), so a replayed sync changes nothing; removed ones are deleted.
     *
     * @unscoped the sync job (the firm's own work), which has no caller
     */
    async applyTransactions(
      institutionId: number,
      changes: { upserts: BankTransaction[]; removed: string[]; cursor: string },
      categoryIds: Map<string, number>,
      tx: DbOrTx,
    ) {
      const accounts = await this.accountIdsOfInstitution(institutionId, tx);
      const accountIdOf = new Map(accounts.map((a) => [a.providerAccountId, a.id]));
      // The same provider id may come as added and then modified within one sync: the last one wins.
      const latest = new Map<string, BankTransaction>();
      for (const t of changes.upserts) latest.set(`${t.providerAccountId}\u0000${t.providerTransactionId}`, t);
      const rows = [...latest.values()]
        .filter((t) => accountIdOf.has(t.providerAccountId))
        .map((t) => ({
          accountId: accountIdOf.get(t.providerAccountId)!,
          providerTransactionId: t.providerTransactionId,
          date: t.date,
          name: t.name.slice(0, 500),
          categoryId: t.categoryCode ? (categoryIds.get(t.categoryCode) ?? null) : null,
          amountCents: t.amountCents,
          isoCurrencyCode: t.isoCurrencyCode,
        }));
      for (let i = 0; i < rows.length; i += UPSERT_BATCH) {
        await tx
          .insert(bankTransactions)
          .values(rows.slice(i, i + UPSERT_BATCH))
          .onConflictDoUpdate({
            target: [bankTransactions.accountId, bankTransactions.providerTransactionId],
            set: {
              date: sql`excluded.date`,
              name: sql`excluded.name`,
              categoryId: sql`excluded.category_id`,
              amountCents: sql`excluded.amount_cents`,
              isoCurrencyCode: sql`excluded.iso_currency_code`,
            },
          });
      }
      const ids = accounts.map((a) => a.id);
      if (changes.removed.length > 0 && ids.length > 0) {
        await tx
          .delete(bankTransactions)
          .where(
            and(
              inArray(bankTransactions.accountId, ids),
              inArray(bankTransactions.providerTransactionId, changes.removed),
            ),
          );
      }
      await tx
        .update(bankInstitutions)
        .set({ syncCursor: changes.cursor, lastSyncedAt: sql`now()`, ...healthy })
        .where(eq(bankInstitutions.id, institutionId));
    },

    /** @unscoped the sync job (the firm's own work), which has no caller */
    async updateBalances(
      institutionId: number,
      balances: Array<{ providerAccountId: string; currentBalanceCents: number; isoCurrencyCode: string }>,
      tx = db,
    ) {
      for (const balance of balances) {
        await tx
          .update(bankAccounts)
          .set({ currentBalanceCents: balance.currentBalanceCents, isoCurrencyCode: balance.isoCurrencyCode })
          .where(
            and(
              eq(bankAccounts.institutionId, institutionId),
              eq(bankAccounts.providerAccountId, balance.providerAccountId),
            ),
          );
      }
    },

    /** Newest first; the (account, date desc, id desc) index serves the order and the month range. */
    transactionsPage(
      accountId: number,
      filters: TransactionListFilters & { scope: ReconciliationScope },
      page: { limit: number; offset: number },
      tx = db,
    ) {
      return runPrepared(
        transactionsQuery(tx, transactionWhere(tx, accountId, filters))
          .limit(page.limit)
          .offset(page.offset),
      );
    },

    /**
     * The rows after `after` in the list's order (the first ones when it is null): keyset paging for
     * the export. OFFSET walks the index past every row before the page, so 100 batches of 1,000
     * re-read 5 million entries; the row comparison starts each batch where the last one stopped.
     * Date and id are NOT NULL, so `(date, id) < (d, i)` is exactly "after" in DESC NULLS LAST order.
     */
    transactionsAfter(
      accountId: number,
      filters: TransactionListFilters & { scope: ReconciliationScope },
      after: TransactionKey | null,
      limit: number,
      tx = db,
    ) {
      const where = transactionWhere(tx, accountId, filters);
      return runPrepared(
        transactionsQuery(
          tx,
          after
            ? and(where, sql`(${bankTransactions.date}, ${bankTransactions.id}) < (${after.date}::date, ${after.id})`)!
            : where,
        ).limit(limit),
      );
    },

    async countTransactions(
      accountId: number,
      filters: TransactionListFilters & { scope: ReconciliationScope },
      tx = db,
    ): Promise<number> {
      const [row] = await runPrepared(
        tx
          .select({ n: count() })
          .from(bankTransactions)
          .where(transactionWhere(tx, accountId, filters)),
      );
      return row?.n ?? 0;
    },

    /** The sum of the account's amounts dated on or after `from` (YYYY-MM-DD), in cents. */
    async sumSince(accountId: number, from: string, scope: ReconciliationScope, tx = db): Promise<number> {
      const [row] = await tx
        .select({ total: sql<string | null>`sum(${bankTransactions.amountCents})` })
        .from(bankTransactions)
        .where(and(transactionWhere(tx, accountId, { scope }), gte(bankTransactions.date, from)));
      return Number(row?.total ?? 0);
    },

    /**
     * The account's money in and out per calendar month, for every month from `from` (YYYY-MM-01)
     * on, including any after the current one: the charts derive each month's ending balance from
     * the current balance minus what came after it. Months without a transaction are absent.
     */
    monthlyTotals(accountId: number, from: string, scope: ReconciliationScope, tx = db) {
      const month = sql<string>`to_char(${bankTransactions.date}, 'YYYY-MM')`;
      return tx
        .select({
          month,
          inCents: sql<
            string | null
          >`sum(${bankTransactions.amountCents}) filter (where ${bankTransactions.amountCents} >= 0)`,
          outCents: sql<
            string | null
          >`sum(-${bankTransactions.amountCents}) filter (where ${bankTransactions.amountCents} < 0)`,
        })
        .from(bankTransactions)
        .where(and(transactionWhere(tx, accountId, { scope }), gte(bankTransactions.date, from)))
        .groupBy(month);
    },

    /**
     * The net change of all the client's accounts per currency (the account's, as net cash counts it)
     * and calendar month, from `from` on. Months without a transaction are absent.
     */
    monthlyNetOfClient(clientId: number, from: string, scope: ReconciliationScope, tx = db) {
      const month = sql<string>`to_char(${bankTransactions.date}, 'YYYY-MM')`;
      return tx
        .select({
          isoCurrencyCode: bankAccounts.isoCurrencyCode,
          month,
          netCents: sql<string>`sum(${bankTransactions.amountCents})`,
        })
        .from(bankTransactions)
        .innerJoin(bankAccounts, eq(bankAccounts.id, bankTransactions.accountId))
        .where(
          and(
            eq(bankAccounts.clientId, clientId),
            reconciliationScopeCondition(tx, scope, bankAccounts.clientId),
            gte(bankTransactions.date, from),
          ),
        )
        .groupBy(bankAccounts.isoCurrencyCode, month);
    },

    /**
     * Marks a sync as queued unless one is (and is not stale); answers the request's round number, or
     * null when one is already queued or running. The row lock serialises concurrent requests.
     *
     * @unscoped queues the sync of a client the service found in the caller's scope, or of one whose
     * login a provider webhook named
     */
    async claimSync(clientId: number, tx = db): Promise<number | null> {
      const [row] = await tx
        .insert(bankSyncStates)
        .values({ clientId, syncRound: 1, syncQueuedAt: sql`now()` })
        .onConflictDoUpdate({
          target: bankSyncStates.clientId,
          set: { syncRound: sql`${bankSyncStates.syncRound} + 1`, syncQueuedAt: sql`now()` },
          setWhere: or(
            isNull(bankSyncStates.syncQueuedAt),
            lt(bankSyncStates.syncQueuedAt, sql`now() - make_interval(mins => ${SYNC_STALE_MINUTES})`),
          ),
        })
        .returning({ round: bankSyncStates.syncRound });
      return row?.round ?? null;
    },

    /** @unscoped the sync job (the firm's own work), which has no caller */
    async finishSync(clientId: number, tx = db) {
      await tx
        .update(bankSyncStates)
        .set({ lastSyncTime: sql`now()`, syncQueuedAt: null })
        .where(eq(bankSyncStates.clientId, clientId));
    },
  };
}
