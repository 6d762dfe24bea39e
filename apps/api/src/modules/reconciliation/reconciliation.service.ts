import { PassThrough, type Readable } from 'node:stream';
import {
  ACCOUNT_SUBTYPE,
  BANK_CONNECTION_STATE,
  NOTIFICATION_KIND,
  RECONCILIATION_ERROR_CODE,
  SYNC_STATUS,
  type AccountBalanceHistoryDto,
  type AccountSubtype,
  type BalanceDto,
  type BalanceQuery,
  type BankConnectionState,
  type BookkeepingClientDto,
  type ConnectionsNeedingActionDto,
  type DropdownOption,
  type InstitutionAccountDto,
  type InstitutionAccountsResponse,
  type NetCashHistoryDto,
  type SyncResult,
  type TransactionDto,
  type TransactionFilters,
  type TransactionList,
  type TransactionQuery,
} from '@ledgerport/shared';
import type { Db } from '../../db/client.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import { exportBatches } from '../../lib/export-batches.js';
import { FieldDecryptionError, type FieldCrypto } from '../../lib/field-crypto.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { Principal } from '../auth/index.js';
import type { NotificationPublisher } from '../notifications/index.js';
import {
  BankLoginRequiredError,
  BankProviderError,
  InvalidBankTokenError,
  type BankLink,
  type BankTransaction,
} from './bank-link/bank-link.js';
import { accountBalanceMonths, chartMonths, chartStart, netCashMonths } from './reconciliation-charts.js';
import { reconciliationScopeOf, type ReconciliationScope } from './reconciliation-scope.js';
import { transactionsExportFileName, writeTransactionsWorkbook } from './reconciliation.export.js';
import {
  SYNC_STALE_MINUTES,
  type AccountRow,
  type ReconciliationRepository,
  type TransactionListFilters,
} from './reconciliation.repository.js';

export const RECONCILIATION_SYNC_JOB = 'reconciliation.sync';
const EXPORT_BATCH = 1000;

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
type Caller = Pick<Principal, 'userId' | 'isClient' | 'currentClientId'>;

const money = (cents: number) => cents / 100;
const pad = (n: number) => String(n).padStart(2, '0');
const firstOfMonth = (year: number, month: number) => (month === 13 ? `${year + 1}-01-01` : `${year}-${pad(month)}-01`);
const lastOfMonth = (year: number, month: number) =>
  `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;

/**
 * The day a month's ending balance stands on: its last day, or today (UTC, as transaction dates and
 * the month filters are) while the month is still running, since the balance is today's.
 */
export function endingBalanceDate(year: number, month: number, now: Date): string {
  const today = now.toISOString().slice(0, 10);
  const last = lastOfMonth(year, month);
  return today >= firstOfMonth(year, month) && today < last ? today : last;
}

/** Query text → repository filters: the month applies only with a year; amounts become cents. */
export function toListFilters(f: TransactionFilters): TransactionListFilters {
  let from: string | undefined;
  let to: string | undefined;
  if (f.year !== undefined) {
    from = firstOfMonth(f.year, f.month ?? 1);
    to = f.month === undefined ? firstOfMonth(f.year + 1, 1) : firstOfMonth(f.year, f.month + 1);
  }
  const amount =
    f.amount === undefined ? undefined : { cents: Math.round(Number(f.amount) * 100), signed: /^[+-]/.test(f.amount) };
  return {
    name: f.name,
    amount,
    isDeposit: f.isDeposit,
    from,
    to,
    categoryId: f.categoryId,
    questionStatus: f.questionStatus,
  };
}

function toAccountDto(row: AccountRow): InstitutionAccountDto {
  return {
    id: row.id,
    subtype: row.subtype === ACCOUNT_SUBTYPE.creditCard ? ACCOUNT_SUBTYPE.creditCard : ACCOUNT_SUBTYPE.checking,
    name: row.name,
    mask: row.mask,
    currentBalance: money(row.currentBalanceCents),
    isoCurrencyCode: row.isoCurrencyCode,
    institution: {
      id: row.institutionId,
      name: row.institutionName,
      logo: row.institutionLogo,
      needsReauthentication: row.connectionState !== BANK_CONNECTION_STATE.healthy,
      connectionState: connectionStateOf(row.connectionState),
      connectionErrorCode: row.connectionErrorCode,
      connectionStateSince: row.connectionStateSince.toISOString(),
    },
    needsReauthentication: row.connectionState !== BANK_CONNECTION_STATE.healthy,
    client: { id: row.clientId, name: row.clientName },
  };
}

/** Per currency: a credit card's balance is already negative (holder's side), so it is a plain sum. */
function netCashOf(rows: AccountRow[]) {
  const totals = new Map<string, number>();
  for (const row of rows)
    totals.set(row.isoCurrencyCode, (totals.get(row.isoCurrencyCode) ?? 0) + row.currentBalanceCents);
  return [...totals].map(([isoCurrencyCode, cents]) => ({ value: money(cents), isoCurrencyCode }));
}

/** The stored text as the contract's state (the database's check allows no other). */
function connectionStateOf(stored: string): BankConnectionState {
  return (Object.values(BANK_CONNECTION_STATE) as string[]).includes(stored)
    ? (stored as BankConnectionState)
    : BANK_CONNECTION_STATE.error;
}

/**
 * What a provider's code says of a login (Plaid's error and webhook codes; the sandbox bank uses the
 * same): the client must sign in again, consent is about to end, access was revoked at the bank, or
 * another error (the institution down, …) that a later sync may get past.
 */
export function connectionStateOfCode(code: string): BankConnectionState {
  switch (code) {
    case 'ITEM_LOGIN_REQUIRED':
    case 'INVALID_CREDENTIALS':
    case 'INVALID_MFA':
    case 'INVALID_UPDATED_USERNAME':
    case 'ITEM_LOCKED':
    case 'INVALID_ACCESS_TOKEN':
      return BANK_CONNECTION_STATE.loginRequired;
    case 'PENDING_EXPIRATION':
    case 'PENDING_DISCONNECT':
      return BANK_CONNECTION_STATE.pendingExpiration;
    case 'USER_PERMISSION_REVOKED':
    case 'ACCESS_NOT_GRANTED':
    case 'ITEM_NOT_FOUND':
      return BANK_CONNECTION_STATE.disconnected;
    default:
      return BANK_CONNECTION_STATE.error;
  }
}

/** States in which syncing is pointless until the client reconnects (the provider refuses the login). */
const NOT_SYNCING: ReadonlySet<string> = new Set([
  BANK_CONNECTION_STATE.loginRequired,
  BANK_CONNECTION_STATE.disconnected,
]);

/** Bank reconciliation: rules, scope, sync and audit (docs/reconciliation.md). */
export function createReconciliationService({
  db,
  repository,
  bankLink,
  fieldCrypto,
  queue,
  audit,
  notifications,
}: {
  db: Db;
  repository: ReconciliationRepository;
  bankLink: BankLink;
  fieldCrypto: FieldCrypto;
  queue: JobQueue;
  audit: AuditLog;
  /** Tells the client's people and its advisor when a connection starts needing action. */
  notifications: NotificationPublisher;
}) {
  /**
   * Moves a login to the state its provider code says, in one transaction with the notification: only
   * a connection that was healthy tells anyone (a second error of one outage tells no one again).
   */
  async function markConnection(institutionId: number, code: string): Promise<void> {
    await db.transaction(async (tx) => {
      const changed = await repository.markConnectionState(
        institutionId,
        // A provider's code is short; a longer one is cut rather than stored whole.
        { state: connectionStateOfCode(code), code: code.slice(0, 64) },
        tx,
      );
      const state = connectionStateOfCode(code);
      if (!changed?.wasHealthy || state === BANK_CONNECTION_STATE.healthy) return;
      const serviceId = await repository.bookkeepingServiceId(tx);
      if (serviceId === null) return;
      await notifications.publish(
        {
          kind: NOTIFICATION_KIND.bankConnectionNeedsAction,
          clientId: changed.clientId,
          actorUserId: null,
          serviceId,
          institutionId: changed.id,
          institutionName: changed.name,
          connectionState: state,
        },
        tx,
      );
    });
  }

  /** A client user's reconciliation client is their session's current client (ADR 0014). */
  const scopeOf = (caller: Caller) =>
    reconciliationScopeOf(caller, { currentClientIdOf: async () => caller.currentClientId });

  /** The client if the caller may reconcile it; anything else is 404. */
  async function visibleClient(clientId: number, scope: ReconciliationScope) {
    const client = await repository.findClient(clientId, scope);
    if (!client) throw new NotFoundError();
    return client;
  }

  async function visibleAccount(clientId: number, accountId: number, scope: ReconciliationScope) {
    await visibleClient(clientId, scope);
    const account = await repository.findAccount(clientId, accountId, scope);
    if (!account) throw new NotFoundError();
    return account;
  }

  async function visibleInstitution(clientId: number, institutionId: number, scope: ReconciliationScope) {
    await visibleClient(clientId, scope);
    const institution = await repository.findInstitution(clientId, institutionId, scope);
    if (!institution) throw new NotFoundError();
    return institution;
  }

  /** A stored token that no longer decrypts (a lost key) is as good as a revoked one: relink. */
  function accessTokenOf(institution: { accessTokenEncrypted: string }): string {
    try {
      return fieldCrypto.decrypt(institution.accessTokenEncrypted);
    } catch (error) {
      if (error instanceof FieldDecryptionError)
        throw new InvalidBankTokenError('The stored access token is unreadable.');
      throw error;
    }
  }

  const isSyncing = (syncQueuedAt: Date | null) =>
    syncQueuedAt !== null && syncQueuedAt.getTime() > Date.now() - SYNC_STALE_MINUTES * 60_000;

  function invalidToken(error: unknown): never {
    if (error instanceof InvalidBankTokenError) {
      throw new BadRequestError(
        'The bank link has expired or is not valid. Try again.',
        RECONCILIATION_ERROR_CODE.invalidPublicToken,
      );
    }
    throw error;
  }

  /** Queues a sync for the client unless one is queued or running already. */
  async function queueSync(clientId: number): Promise<SyncResult> {
    return db.transaction(async (tx) => {
      const round = await repository.claimSync(clientId, tx);
      if (round === null) return { status: SYNC_STATUS.alreadyRunning };
      await queue.enqueue(
        RECONCILIATION_SYNC_JOB,
        { clientId },
        { tx, dedupeKey: `${RECONCILIATION_SYNC_JOB}:${clientId}:${round}` },
      );
      return { status: SYNC_STATUS.queued };
    });
  }

  async function accountsResponse(clientId: number, caller: Caller): Promise<InstitutionAccountsResponse> {
    return accountsInScope(clientId, await scopeOf(caller));
  }

  async function accountsInScope(clientId: number, scope: ReconciliationScope): Promise<InstitutionAccountsResponse> {
    const client = await visibleClient(clientId, scope);
    const rows = await repository.accountsOfClient(clientId, scope);
    return {
      client: {
        id: client.id,
        name: client.name,
        currentlyUsingBookkeepingService: client.currentlyUsingBookkeepingService,
        plaidLastSyncTime: client.lastSyncTime?.toISOString() ?? null,
      },
      institutionAccounts: rows.map(toAccountDto),
      netCash: netCashOf(rows),
      isSyncing: isSyncing(client.syncQueuedAt),
      mode: bankLink.mode,
    };
  }

  /**
   * One institution's sync: every page since the stored cursor, applied in one transaction with the
   * last cursor (a failure part-way leaves the old cursor, so the next run starts over cleanly).
   */
  async function syncInstitution(
    institution: { id: number; accessTokenEncrypted: string; syncCursor: string | null },
    categoryIds: Map<string, number>,
  ) {
    const accessToken = accessTokenOf(institution);
    const upserts: BankTransaction[] = [];
    const removed: string[] = [];
    let cursor = institution.syncCursor;
    for (;;) {
      const page = await bankLink.syncTransactions(accessToken, cursor);
      upserts.push(...page.added, ...page.modified);
      removed.push(...page.removed.map((r) => r.providerTransactionId));
      cursor = page.nextCursor;
      if (!page.hasMore) break;
    }
    const balances = await bankLink.getBalances(accessToken);
    await db.transaction(async (tx) => {
      await repository.applyTransactions(institution.id, { upserts, removed, cursor: cursor! }, categoryIds, tx);
      await repository.updateBalances(institution.id, balances, tx);
    });
  }

  return {
    accountsResponse,
    queueSync,

    async bookkeepingClients(onlyCurrentlyUsing: boolean, caller: Caller): Promise<BookkeepingClientDto[]> {
      return repository.bookkeepingClients(await scopeOf(caller), onlyCurrentlyUsing);
    },

    async createLinkToken(clientId: number, subtype: AccountSubtype, caller: Caller, context: RequestContext) {
      await visibleClient(clientId, await scopeOf(caller));
      const linkToken = await bankLink.createLinkToken({ clientId, userId: caller.userId, subtype });
      await audit.record(context, {
        action: AUDIT_ACTION.bankLinkCreated,
        actorUserId: caller.userId,
        objectType: 'client',
        objectId: clientId,
        clientId,
        details: { subtype },
      });
      return { linkToken, mode: bankLink.mode };
    },

    async reconnectLinkToken(clientId: number, institutionId: number, caller: Caller, context: RequestContext) {
      const institution = await visibleInstitution(clientId, institutionId, await scopeOf(caller));
      let linkToken: string;
      try {
        linkToken = await bankLink.createLinkToken({
          clientId,
          userId: caller.userId,
          subtype: ACCOUNT_SUBTYPE.checking,
          accessToken: accessTokenOf(institution),
        });
      } catch (error) {
        invalidToken(error);
      }
      await audit.record(context, {
        action: AUDIT_ACTION.bankLinkCreated,
        actorUserId: caller.userId,
        objectType: 'bank-institution',
        objectId: institution.id,
        clientId,
        details: { reconnect: true },
      });
      return { linkToken, mode: bankLink.mode };
    },

    async linkAccounts(clientId: number, publicToken: string, caller: Caller, context: RequestContext) {
      const scope = await scopeOf(caller);
      await visibleClient(clientId, scope);
      const item = await bankLink.exchangePublicToken(publicToken, { clientId }).catch(invalidToken);
      const institutionId = await db.transaction(async (tx) => {
        const id = await repository.insertInstitution(
          {
            clientId,
            provider: bankLink.mode,
            providerItemId: item.itemId,
            providerInstitutionId: item.institution.id,
            name: item.institution.name,
            logo: item.institution.logo,
            accessTokenEncrypted: fieldCrypto.encrypt(item.accessToken),
          },
          item.accounts,
          tx,
        );
        await audit.record(
          context,
          {
            action: AUDIT_ACTION.bankAccountsLinked,
            actorUserId: caller.userId,
            objectType: 'bank-institution',
            objectId: id,
            clientId,
            details: { institution: item.institution.name, accounts: item.accounts.length },
          },
          tx,
        );
        return id;
      });
      await queueSync(clientId);
      return { institutionId, response: await accountsInScope(clientId, scope) };
    },

    /** After the update-mode link flow: the login works again, so sync (which clears the flag on success). */
    async reconnect(clientId: number, institutionId: number, caller: Caller, context: RequestContext) {
      const scope = await scopeOf(caller);
      const institution = await visibleInstitution(clientId, institutionId, scope);
      if (!(await repository.markReconnected(institution.id, scope))) throw new NotFoundError();
      await audit.record(context, {
        action: AUDIT_ACTION.bankAccountsLinked,
        actorUserId: caller.userId,
        objectType: 'bank-institution',
        objectId: institution.id,
        clientId,
        details: { reconnect: true },
      });
      await queueSync(clientId);
    },

    async requestSync(clientId: number, caller: Caller, context: RequestContext): Promise<SyncResult> {
      await visibleClient(clientId, await scopeOf(caller));
      const result = await queueSync(clientId);
      await audit.record(context, {
        action: AUDIT_ACTION.bankSyncRequested,
        actorUserId: caller.userId,
        objectType: 'client',
        objectId: clientId,
        clientId,
        details: { status: result.status },
      });
      return result;
    },

    /**
     * The sync job: each of the client's logins in turn. A login that has lapsed is flagged for
     * reconnection and skipped; any other failure retries the whole job (applying is idempotent).
     */
    async runSync(clientId: number): Promise<void> {
      const categoryIds = await repository.categoryIdsByCode();
      for (const institution of await repository.institutionsOfClient(clientId, bankLink.mode)) {
        if (NOT_SYNCING.has(institution.connectionState)) continue;
        try {
          await syncInstitution(institution, categoryIds);
        } catch (error) {
          // The provider's word about this login: kept on it, and the other logins still sync. Anything
          // else (the database, the network) retries the whole job.
          if (error instanceof BankLoginRequiredError || error instanceof BankProviderError) {
            await markConnection(institution.id, error.code);
          } else if (error instanceof InvalidBankTokenError) {
            await markConnection(institution.id, 'INVALID_ACCESS_TOKEN');
          } else throw error;
        }
      }
      await repository.finishSync(clientId);
    },

    /**
     * A provider's event about one login (Plaid webhook): new transactions to fetch, a state named by
     * the provider's code, or the login repaired at the bank (`healthy`: a sync confirms it).
     */
    async onProviderEvent(
      itemId: string,
      event: { kind: 'sync-available' } | { kind: 'repaired' } | { kind: 'state'; code: string },
    ): Promise<void> {
      const institution = await repository.findInstitutionByItem(bankLink.mode, itemId);
      if (!institution) return;
      if (event.kind === 'state') await markConnection(institution.id, event.code);
      else await queueSync(institution.clientId);
    },

    /** The firm-wide list of linked banks needing action (a client user: their current client's). */
    async connectionsNeedingAction(caller: Caller): Promise<ConnectionsNeedingActionDto> {
      const rows = await repository.connectionsNeedingAction(await scopeOf(caller));
      return {
        items: rows.map((row) => ({
          clientId: row.clientId,
          clientName: row.clientName,
          institutionId: row.institutionId,
          institutionName: row.institutionName,
          connectionState: connectionStateOf(row.connectionState),
          connectionErrorCode: row.connectionErrorCode,
          connectionStateSince: row.connectionStateSince.toISOString(),
        })),
      };
    },

    async account(clientId: number, accountId: number, caller: Caller): Promise<InstitutionAccountDto> {
      return toAccountDto(await visibleAccount(clientId, accountId, await scopeOf(caller)));
    },

    async transactions(
      clientId: number,
      accountId: number,
      query: TransactionQuery,
      caller: Caller,
    ): Promise<TransactionList> {
      const scope = await scopeOf(caller);
      const account = await visibleAccount(clientId, accountId, scope);
      const filters = { ...toListFilters(query), scope };
      const [rows, totalCount] = await Promise.all([
        repository.transactionsPage(account.id, filters, query),
        repository.countTransactions(account.id, filters),
      ]);
      return { items: rows.map(toTransactionDto), totalCount };
    },

    /**
     * Balances of a month, derived backwards from the account's current balance (docs/reconciliation.md):
     * ending = current − the amounts dated after the month; starting = ending − the month's amounts.
     */
    async balance(clientId: number, accountId: number, query: BalanceQuery, caller: Caller): Promise<BalanceDto> {
      const scope = await scopeOf(caller);
      const account = await visibleAccount(clientId, accountId, scope);
      const [afterMonth, fromMonth] = await Promise.all([
        repository.sumSince(account.id, firstOfMonth(query.year, query.month + 1), scope),
        repository.sumSince(account.id, firstOfMonth(query.year, query.month), scope),
      ]);
      return {
        startingBalance: money(account.currentBalanceCents - fromMonth),
        startingBalanceDate: firstOfMonth(query.year, query.month),
        endingBalance: money(account.currentBalanceCents - afterMonth),
        endingBalanceDate: endingBalanceDate(query.year, query.month, new Date()),
        isoCurrencyCode: account.isoCurrencyCode,
      };
    },

    /** The account page's charts: balance at each month's end, money in and out per month. */
    async balanceHistory(clientId: number, accountId: number, caller: Caller): Promise<AccountBalanceHistoryDto> {
      const scope = await scopeOf(caller);
      const account = await visibleAccount(clientId, accountId, scope);
      const months = chartMonths(new Date());
      const totals = await repository.monthlyTotals(account.id, chartStart(months), scope);
      return {
        isoCurrencyCode: account.isoCurrencyCode,
        months: accountBalanceMonths(account.currentBalanceCents, months, totals),
      };
    },

    /** The Reconciliations page's chart: the client's net cash at each month's end, per currency. */
    async netCashHistory(clientId: number, caller: Caller): Promise<NetCashHistoryDto> {
      const scope = await scopeOf(caller);
      await visibleClient(clientId, scope);
      const months = chartMonths(new Date());
      const [accounts, nets] = await Promise.all([
        repository.accountsOfClient(clientId, scope),
        repository.monthlyNetOfClient(clientId, chartStart(months), scope),
      ]);
      const current = new Map<string, number>();
      for (const account of accounts)
        current.set(account.isoCurrencyCode, (current.get(account.isoCurrencyCode) ?? 0) + account.currentBalanceCents);
      return { currencies: netCashMonths(current, months, nets) };
    },

    async export(
      clientId: number,
      accountId: number,
      query: TransactionFilters,
      caller: Caller,
      context: RequestContext,
    ): Promise<{ fileName: string; stream: Readable }> {
      const scope = await scopeOf(caller);
      const account = await visibleAccount(clientId, accountId, scope);
      const filters = { ...toListFilters(query), scope };
      // Keyset paging from the last row written: each batch starts in the index where the last one
      // stopped, however deep into the account it is (OFFSET re-walked every row before it).
      const batches = await exportBatches({
        batchSize: EXPORT_BATCH,
        read: ({ limit }, last: Awaited<ReturnType<typeof repository.transactionsAfter>>[number] | undefined) =>
          repository.transactionsAfter(account.id, filters, last ? { date: last.date, id: last.id } : null, limit),
        map: (rows) => rows.map(toTransactionDto),
      });
      await audit.record(context, {
        action: AUDIT_ACTION.transactionsExported,
        actorUserId: caller.userId,
        objectType: 'bank-account',
        objectId: account.id,
        clientId,
        details: { filters: query },
      });
      const stream = new PassThrough();
      writeTransactionsWorkbook(batches, stream).catch((error: unknown) => stream.destroy(error as Error));
      return { fileName: transactionsExportFileName(account.mask), stream };
    },

    async categories(): Promise<DropdownOption[]> {
      const rows = await repository.categories();
      return rows.map((row) => ({ value: String(row.id), displayText: row.name }));
    },
  };
}

function toTransactionDto(row: {
  id: number;
  date: string;
  name: string;
  categoryId: number | null;
  category: string | null;
  amountCents: number;
  isoCurrencyCode: string;
  questionStatus: TransactionDto['questionStatus'];
}): TransactionDto {
  return {
    id: row.id,
    date: row.date,
    name: row.name,
    category: row.category,
    categoryId: row.categoryId,
    amount: money(row.amountCents),
    isoCurrencyCode: row.isoCurrencyCode,
    questionStatus: row.questionStatus,
  };
}
